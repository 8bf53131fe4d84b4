/**
 * The generator's modules that are loaded by their path rather than imported: the CLI, the worker
 * threads' scripts, the theme's shell renderer, and what the site bundlers start from. Everything
 * else is reached from these through imports, so this table is also where the fingerprints of the
 * code that makes cached results start (see cache/codeFingerprint.ts): a module the table does
 * not reach cannot shape a cached result.
 */
export const NODE_ENTRY_POINTS = {
  cli: 'src/cli/main.ts',
  compileWorker: 'src/compiler/compile/compileWorker.ts',
  renderWorker: 'src/render/renderWorker.ts',
  /** The code highlighter of pages compiled in the main thread (see compiler/mdx/remoteHighlighter.ts). */
  highlightWorker: 'src/compiler/mdx/highlightWorker.ts',
  shellEntry: 'src/render/shellEntry.tsx',
  /** The worker that evaluates a Docusaurus config in `sipadocs migrate` (see migrate/sandbox.ts). */
  sandboxWorker: 'src/docusaurus/sandboxWorker.ts',
  /** The worker that runs a Docusaurus config with its project's packages for `sipadocs migrate`, in an environment of its own (see docusaurus/evaluator.ts). */
  liveEvaluationWorker: 'src/docusaurus/liveEvaluationWorker.ts',
  /** The server of `check-links`, in a thread of its own (see check/checkServer.ts). */
  checkServer: 'src/check/serverThread.ts',
} as const;

/** What the site bundlers start from: shipped as sources (package.json `files`) and bundled with each site. */
export const SITE_ENTRY_POINTS = {
  /** The server renderer, bundled with each site's pages (see bundle/virtualModules.ts). */
  ssrEntry: 'src/render/ssrEntry.tsx',
  /** The client runtime, bundled with each site (see bundle/bundleSite.ts). */
  clientEntry: 'src/client/entry.tsx',
  /** The theme, which both bundles import as `sipa:theme`. */
  themeApp: 'templates/App.tsx',
  /** Algolia DocSearch's dialog, bundled only with a site that sets `algolia`, as `sipa:docsearch` (see bundle/virtualModules.ts). */
  docSearch: 'templates/search/docSearch.ts',
} as const;

/**
 * Every entry point. Node's are loaded by their path (`bin/build-dist.js` makes a file of each in
 * dist/, and reads this table to know them); the site's are bundled with each site.
 */
export const ENTRY_POINTS = { ...NODE_ENTRY_POINTS, ...SITE_ENTRY_POINTS } as const;

export type EntryName = keyof typeof ENTRY_POINTS;
