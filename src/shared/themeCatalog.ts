import { interpolateText, selectPlural, type MessageValues } from './translate.js';

/**
 * Every word the theme shows, by message id, with its English text. Where Docusaurus's theme
 * shows the same thing, the id is Docusaurus's (`theme.…`), so the translations of
 * `@docusaurus/theme-translations` and a site's `code.json` written for Docusaurus apply as they
 * are; the others are sipadocs's own (`sipadocs.…`), translated in src/i18n/sipadocsMessages.ts.
 * The English text is sipadocs's own wording. Plural messages have forms separated by "|" (see
 * selectPlural). The theme calls `translate({ id, message })` with the same id and text, as
 * Docusaurus's theme does; test/unit/i18n/themeCatalog.test.ts keeps the two together.
 */
export const THEME_MESSAGES = {
  // Layout
  'theme.common.skipToMainContent': 'Skip to main content',
  'theme.NavBar.navAriaLabel': 'Main',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'Open the navigation menu',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'Close the navigation menu',
  'sipadocs.mobileMenu.ariaLabel': 'Navigation menu',
  'theme.BackToTopButton.buttonAriaLabel': 'Back to top',
  'sipadocs.announcementBar.ariaLabel': 'Announcement',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'Dismiss the announcement',
  'theme.colorToggle.ariaLabel': 'Switch to {next} (currently {mode})',
  'theme.colorToggle.ariaLabel.mode.dark': 'dark mode',
  'theme.colorToggle.ariaLabel.mode.light': 'light mode',
  'sipadocs.colorToggle.ariaLabel': 'Switch between dark and light mode',
  'theme.IconExternalLink.ariaLabel': '(opens in a new tab)',
  'theme.navbar.mobileLanguageDropdown.label': 'Languages',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': '← Back to main menu',
  'sipadocs.versionDropdown.ariaLabel': 'Docs version: {versionLabel}',
  'sipadocs.progressBar.ariaLabel': 'Loading page',
  'theme.ErrorPageContent.title': 'This page crashed.',
  'theme.ErrorPageContent.tryAgain': 'Try again',
  'theme.contentVisibility.draftBanner.title': 'Draft',
  'theme.contentVisibility.draftBanner.message': 'this page is left out of production builds.',

  // Docs
  'theme.docs.sidebar.navAriaLabel': 'Docs sidebar',
  'theme.docs.sidebar.expandButtonAriaLabel': 'Expand the sidebar',
  'theme.docs.sidebar.expandButtonTitle': 'Expand the sidebar',
  'theme.docs.sidebar.collapseButtonAriaLabel': 'Collapse the sidebar',
  'theme.docs.sidebar.collapseButtonTitle': 'Collapse the sidebar',
  'theme.DocSidebarItem.expandCategoryAriaLabel': 'Expand the category {label}',
  'theme.DocSidebarItem.collapseCategoryAriaLabel': 'Collapse the category {label}',
  'theme.TOCCollapsible.toggleButtonLabel': 'On this page',
  'theme.docs.breadcrumbs.navAriaLabel': 'Breadcrumbs',
  'theme.docs.breadcrumbs.home': 'Home page',
  'sipadocs.breadcrumbs.home': 'Home',
  'theme.docs.paginator.navAriaLabel': 'Docs pages',
  'theme.docs.paginator.previous': 'Previous',
  'theme.docs.paginator.next': 'Next',
  'theme.common.editThisPage': 'Edit this page',
  'theme.lastUpdated.lastUpdatedAtBy': 'Last updated{atDate}{byUser}',
  'theme.lastUpdated.atDate': ' on {date}',
  'theme.lastUpdated.byUser': ' by {user}',
  'sipadocs.copyPage.label': 'Copy page',
  'sipadocs.copyPage.title': 'Copy this page as Markdown',
  'sipadocs.copyPage.failed': 'Copy failed',
  'theme.docs.versionBadge.label': 'Version: {versionLabel}',
  'theme.docs.versions.unreleasedVersionLabel': 'This is the documentation of {siteTitle} {versionLabel}, which is not released yet.',
  'theme.docs.versions.unmaintainedVersionLabel': 'This is the documentation of {siteTitle} {versionLabel}, which is no longer maintained.',
  'theme.docs.versions.latestVersionSuggestionLabel': 'For up-to-date documentation, see the {latestVersionLink} ({versionLabel}).',
  'theme.docs.versions.latestVersionLinkLabel': 'latest version',
  'theme.docs.DocCard.categoryDescription.plurals': '1 item|{count} items',
  'sipadocs.sidebar.morePages': '1 more page|{count} more pages',
  'theme.tags.tagsListLabel': 'Tags',
  'theme.tags.tagsPageTitle': 'Tags',
  'theme.tags.tagsPageLink': 'View all tags',
  'sipadocs.docs.tagsPage.description': 'All tags of the docs',
  'theme.docs.tagDocListPageTitle': '{nDocsTagged} with "{tagName}"',
  'theme.docs.tagDocListPageTitle.nDocsTagged': '{count} doc tagged|{count} docs tagged',
  'sipadocs.docs.tagPage.description': 'Docs tagged "{tagName}"',

  // Content
  'theme.common.headingLinkTitle': 'Direct link to {heading}',
  'theme.admonition.note': 'Note',
  'theme.admonition.tip': 'Tip',
  'theme.admonition.info': 'Info',
  'theme.admonition.warning': 'Warning',
  'theme.admonition.caution': 'Caution',
  'theme.admonition.danger': 'Danger',
  'sipadocs.admonition.important': 'Important',
  'sipadocs.admonition.success': 'Success',
  'sipadocs.admonition.secondary': 'Secondary',
  'theme.CodeBlock.copy': 'Copy',
  'theme.CodeBlock.copied': 'Copied',
  'theme.CodeBlock.copyButtonAriaLabel': 'Copy code to clipboard',
  'sipadocs.codeBlock.ariaLabel': 'Code',
  'sipadocs.codeBlock.titledAriaLabel': 'Code: {title}',
  'sipadocs.codeBlock.languageAriaLabel': 'Code ({language})',
  'sipadocs.table.ariaLabel': 'Table',
  'sipadocs.diagram.ariaLabel': 'Diagram',
  'sipadocs.details.summary': 'Details',
  'theme.Playground.liveEditor': 'Live Editor',
  'theme.Playground.result': 'Result',
  'sipadocs.liveCode.loading': 'Loading…',

  // Blog
  'theme.blog.sidebar.navAriaLabel': 'Recent blog posts',
  'sipadocs.blog.sidebar.title': 'Recent posts',
  'theme.blog.post.readingTime.plurals': '{readingTime} min read',
  'theme.blog.post.readMore': 'Read more',
  'theme.blog.post.readMoreLabel': 'Read more about {title}',
  'theme.blog.paginator.navAriaLabel': 'Blog list pages',
  'theme.blog.paginator.newerEntries': 'Newer entries',
  'theme.blog.paginator.olderEntries': 'Older entries',
  'theme.blog.post.paginator.navAriaLabel': 'Blog post navigation',
  'theme.blog.archive.title': 'Archive',
  'theme.blog.archive.description': 'Every blog post, by year',
  'theme.blog.authorsList.pageTitle': 'Authors',
  'theme.blog.authorsList.viewAll': 'View all authors',
  'sipadocs.blog.authorsPage.description': 'The authors of the blog',
  'sipadocs.blog.tagsPage.description': 'All blog tags',
  'sipadocs.blog.authorPage.description': 'Blog posts by {authorName}',
  'theme.blog.tagTitle': '{nPosts} tagged with "{tagName}"',
  'theme.blog.post.plurals': '{count} post|{count} posts',
  'sipadocs.blog.tagPage.description': 'Blog posts tagged "{tagName}"',

  // Not found
  'theme.NotFound.title': 'Page not found',
  'theme.NotFound.p1': 'We could not find the page you asked for. It may have moved when the documentation was reorganised, or the link may contain a typo.',
  'sipadocs.NotFound.description': 'This page does not exist.',
  'sipadocs.NotFound.homeLink': 'Go to the home page',

  // Search
  'theme.SearchBar.label': 'Search',
  'theme.SearchModal.searchBox.searchInputLabel': 'Search the site',
  'theme.SearchModal.placeholder': 'Search the docs and the blog',
  'theme.SearchModal.searchBox.cancelButtonText': 'Close search',
  'sipadocs.search.results': 'Results',
  'sipadocs.search.searching': 'Searching…',
  'theme.SearchModal.errorScreen.titleText': 'Search is not available right now. Check the connection and type again.',
  'theme.SearchPage.existingResultsTitle': 'Search results for “{query}”',
  'theme.SearchPage.emptyResultsTitle': 'Search the documentation',
  'theme.SearchPage.inputLabel': 'Search the site',
  'theme.SearchPage.inputPlaceholder': 'Search the docs and the blog',
  'theme.SearchPage.documentsFound.plurals': '1 page found.|{count} pages found.',
  'sipadocs.search.noResults': 'No results for “{query}”.',
  'sipadocs.search.showMore': 'Show more results ({count} more)',
  'sipadocs.search.help': '{up} {down} to move · {enter} to open · {esc} to close · {ctrl} {k} or {slash} to search',
} as const;

export type ThemeMessageId = keyof typeof THEME_MESSAGES;

/**
 * A word of the theme made by the build (a generated page's title, a card's "3 items"), in the
 * locale whose messages are given: the message, or its English text; with a `count`, the plural
 * form for it (see selectPlural), then the values put in.
 */
export function themeText(messages: Readonly<Record<string, string>> | undefined, id: ThemeMessageId, values?: MessageValues, language = 'en'): string {
  const text = messages?.[id] ?? THEME_MESSAGES[id];
  const form = values && typeof values.count === 'number' ? selectPlural(text, values.count, language) : text;
  return interpolateText(form, values);
}
