import { defineConfig } from 'sipadocs';

const repository = 'https://github.com/sipa-js/sipa';
const docsRepository = 'https://github.com/sipa-js/sipa-js.github.io';

export default defineConfig({
  title: 'SIPA',
  tagline: '',
  url: 'https://sipa-js.github.io',
  baseUrl: '/',
  trailingSlash: false,
  favicon: 'img/favicon.svg',
  noIndex: false,
  titleDelimiter: '|',
  siteVersion: '0.0.0',
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: { label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' },
    },
  },
  docs: {
    path: 'docs',
    routeBasePath: 'docs',
    sidebarPath: './sidebars.ts',
    editUrl: `${docsRepository}/edit/main/`,
    sidebarHideable: false,
    autoCollapseCategories: false,
    sidebarCollapsed: false,
    versionPersistence: 'localStorage',
    version: { name: 'current', label: 'Next' },
  },
  blog: {
    path: 'blog',
    routeBasePath: 'blog',
    title: 'Blog',
    description: 'News, release notes and articles about the Sipa framework',
    showReadingTime: true,
    editUrl: `${docsRepository}/edit/main/`,
    postsPerPage: 10,
    sidebarCount: 5,
    // Built with Docusaurus 2, which makes no authors pages.
    authorsPages: false,
  },
  customCss: ['./css/custom.css'],
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  codeThemes: { light: 'github-light', dark: 'github-dark' },
  colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true, disableSwitch: false },
  announcementBar: {
    id: 'sipa-0-9-50',
    content: 'Sipa 0.9.50 is out: whole-body builds, ignored files and a new dev-server option.',
    link: { label: 'Read the release story', to: '/blog/long-blog-post' },
    isCloseable: true,
  },
  navbar: {
    title: 'SIPA',
    logo: { src: '/img/logo.svg', alt: 'Sipa logo' },
    hideOnScroll: true,
    items: [
      { label: 'Guides', to: '/docs/guides/overview', position: 'left', activeBasePath: '/docs/guides' },
      { label: 'API', to: '/docs/api/Sipa', position: 'left', activeBasePath: '/docs/api' },
      { label: 'Blog', to: '/blog', position: 'left', activeBasePath: '/blog' },
      { label: 'GitHub', href: repository, position: 'right', ariaLabel: 'Sipa on GitHub' },
    ],
  },
  footer: {
    columns: [
      { title: 'News', items: [{ label: 'Blog', to: '/blog' }] },
      { title: 'Community', items: [{ label: 'Stack Overflow', href: 'https://stackoverflow.com/questions/tagged/sipa-js' }] },
      { title: 'Network', items: [{ label: 'GitHub', href: repository }] },
    ],
    copyright: 'Copyright © 2025 Matthäus J. N. Beyrle and the Sipa contributors. Sipa is free software under the LGPLv3 licence.',
  },
});
