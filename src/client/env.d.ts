declare module 'sipa:site-data' {
  const data: unknown;
  export default data;
}
declare module 'sipa:global-data' {
  /** The plugins' global data, by plugin name, then plugin id (see src/plugins/runPlugins.ts). */
  const data: Record<string, Record<string, unknown>>;
  export default data;
}
declare module 'sipa:client-modules';
declare module 'sipa:theme' {
  /** The theme's root component (templates/App.tsx), mounted by Root. */
  export const App: typeof import('../../templates/App.js').App;
  /** The theme's holder of content made at build time, which the runtime hydrates from the page. */
  export const StaticHtml: typeof import('../../templates/App.js').StaticHtml;
}
declare module 'sipa:docsearch' {
  /** DocSearch's dialog (templates/search/docSearch.ts), or null on a site without `algolia`, whose bundle has none of its code. */
  export const openDocSearch: typeof import('../../templates/search/docSearch.js').openDocSearch | null;
}
declare module 'sipa:custom-css';
declare module 'sipa:shared-modules';
declare module '*.css';
