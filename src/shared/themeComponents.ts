/**
 * The theme's components every MDX page can use without importing them, written once: the MDX
 * compiler accepts these tags (another capitalised tag needs an import), and the theme's
 * `mdxComponents` map provides exactly these (its type says so). Each is a file of
 * templates/components, also importable as `@theme/<Name>`.
 */
export const THEME_COMPONENT_NAMES = ['Admonition', 'CodeBlock', 'Details', 'Mermaid', 'TabItem', 'Tabs'] as const;

export type ThemeComponentName = (typeof THEME_COMPONENT_NAMES)[number];

/**
 * Theme components a site may replace with a file of its own, `src/theme/<Name>.tsx` (or .jsx,
 * .ts, .js, or `<Name>/index.*`), named as in Docusaurus; the file can import the theme's own as
 * `@theme-original/<Name>` to wrap it. Each names the module of the theme that holds the
 * component and the export it is (the replacement is the site file's default export, given the
 * props the theme passes to the original). Each is also importable as `@theme/<Name>`.
 */
export const OVERRIDABLE_COMPONENTS = {
  Root: { file: 'components/Root.tsx', export: 'default' },
  Layout: { file: 'components/Layout.tsx', export: 'default' },
  Navbar: { file: 'layout/Navbar.tsx', export: 'Navbar' },
  Footer: { file: 'layout/Footer.tsx', export: 'Footer' },
  AnnouncementBar: { file: 'layout/AnnouncementBar.tsx', export: 'AnnouncementBar' },
  ColorModeToggle: { file: 'layout/ColorModeToggle.tsx', export: 'ColorModeToggle' },
  BackToTopButton: { file: 'layout/BackToTop.tsx', export: 'BackToTop' },
  DocSidebar: { file: 'layout/DocSidebar.tsx', export: 'DocSidebar' },
  TOC: { file: 'layout/TableOfContents.tsx', export: 'TableOfContents' },
  'DocItem/Footer': { file: 'layout/DocItemFooter.tsx', export: 'DocItemFooter' },
  'DocItem/Layout': { file: 'layout/DocItemLayout.tsx', export: 'DocItemLayout' },
  DocCategoryGeneratedIndexPage: { file: 'layout/DocCategoryGeneratedIndexPage.tsx', export: 'DocCategoryGeneratedIndexPage' },
  SearchBar: { file: 'search/SearchProvider.tsx', export: 'SearchButton' },
  'NavbarItem/DefaultNavbarItem': { file: 'layout/DefaultNavbarItem.tsx', export: 'DefaultNavbarItem' },
  NotFound: { file: 'screens/PageScreens.tsx', export: 'NotFoundScreen' },
  MDXComponents: { file: 'mdxComponents.tsx', export: 'mdxComponents' },
  Admonition: { file: 'components/Admonition.tsx', export: 'default' },
  CodeBlock: { file: 'components/CodeBlock.tsx', export: 'default' },
  Details: { file: 'components/Details.tsx', export: 'default' },
  Heading: { file: 'components/Heading.tsx', export: 'default' },
  Tabs: { file: 'components/Tabs.tsx', export: 'default' },
  TabItem: { file: 'components/TabItem.tsx', export: 'default' },
  TOCInline: { file: 'components/TOCInline.tsx', export: 'default' },
  ReactLiveScope: { file: 'components/ReactLiveScope.tsx', export: 'default' },
} as const satisfies Record<string, { file: string; export: string }>;

export type OverridableComponent = keyof typeof OVERRIDABLE_COMPONENTS;

/**
 * Components the fast path writes into its pages' HTML (see compiler/static/themeShells.ts): when
 * a site replaces one, its pages are compiled as MDX, so the replacement renders them.
 */
export const CONTENT_COMPONENTS: ReadonlySet<OverridableComponent> = new Set(['MDXComponents', 'Admonition', 'CodeBlock', 'Details', 'Heading']);
