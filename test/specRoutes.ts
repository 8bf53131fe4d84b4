/** The routes of the site specification (§2), shared by the build and browser tests. */
export const API_CLASSES = [
  'Sipa', 'SipaBasicView', 'SipaComponent', 'SipaEnv', 'SipaEvents', 'SipaHelper', 'SipaHooks', 'SipaOnsen',
  'SipaOnsenHooks', 'SipaOnsenPage', 'SipaPage', 'SipaSerializer', 'SipaState', 'SipaTest', 'SipaUrl',
];
export const GUIDES = [
  'overview', 'installation', 'history_and_why',
  ...['sipa-cli', 'create-a-new-project', 'create-a-new-page', 'create-a-new-layout', 'create-a-new-javascript',
    'create-a-new-style-sheet', 'add-or-remove-libraries', 'build-your-project'].map((p) => `guides-basics/${p}`),
  ...['using-translations', 'cli-hooks', 'templating-with-ejs', 'project-configuration',
    'SipaComponent/sipa-component', 'SipaComponent/create-new-component'].map((p) => `guides-extras/${p}`),
];

/** Every route of spec §2. */
export const SPEC_ROUTES = [
  '/', '/markdown-page', '/blog', '/blog/archive', '/blog/tags',
  '/blog/tags/changelog', '/blog/tags/docusaurus', '/blog/tags/info',
  '/blog/welcome', '/blog/long-blog-post', '/blog/mdx-blog-post',
  ...API_CLASSES.map((c) => `/docs/api/${c}`),
  '/docs/category/advanced', '/docs/category/basics',
  ...GUIDES.map((g) => `/docs/guides/${g}`),
];
