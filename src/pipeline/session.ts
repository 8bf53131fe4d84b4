import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createClientBundler, createServerBundler, type ClientBundler, type ServerBundler } from '../bundle/bundleSite.js';
import type { CodeHighlighter } from '../compiler/mdx/highlighter.js';
import type { StaticSession } from '../compiler/static/renderStaticPage.js';
import { createRenderHost, type RenderHost } from '../render/renderHost.js';
import type { OutputManifest } from '../cache/outputManifest.js';
import { createArtifactStore, type ArtifactStore } from '../cache/artifacts.js';
import { createSessionMemo } from '../cache/memo.js';
import { createTextMemo, type TextMemo } from '../cache/textMemo.js';
import { parseFrontMatter, type ParsedSource } from '../model/frontMatter.js';
import { cacheFolders, cacheRootFor, moveEarlierCacheLayout } from '../cache/cacheDir.js';
import type { ProjectMemo } from './loadSite.js';
import type { StageLogger } from './log.js';

export interface SessionOptions {
  siteDir: string;
  outDir: string;
  /**
   * `build` (the default): builds as `sipadocs build` runs them. Compiled pages stream through,
   * esbuild writes straight to the output, pages render in short-lived workers, drafts are left
   * out and the theme's stylesheet is inlined in every page.
   *
   * `watch`: the repeated builds of `serve --watch`. Compiled pages, rendered bodies, route chunks
   * and search documents stay in memory, esbuild keeps incremental contexts and a render worker
   * stays warm; drafts are built (with a badge) and stylesheets are linked, so a CSS edit is
   * swapped in without a reload.
   */
  mode?: 'build' | 'watch';
  /** Print only the summary line of each build (a build may say otherwise, see buildSite). */
  quiet?: boolean;
  /** Where stage lines and warnings go (default: the terminal, a new logger per build). */
  logger?: StageLogger;
  /** Keep caches on disk between runs, under the site's project (default true). */
  persistentCache?: boolean;
  /** Build these locales only (`--locale`, see i18n.locales in the config), or the default one; default: every locale. */
  locales?: readonly string[] | 'default';
}

/** The folders and files a session caches in; each is null when persistent caches are off. */
export interface SessionCaches {
  /** The artifacts' folder: a folder per kind (see artifacts.ts). */
  artifacts: string | null;
  /** Manifests of each output folder's last good build (see outputManifest.ts). */
  manifests: string | null;
  /** Records of the files sipadocs wrote into each output folder: kept even with caches off, they keep a user's files safe. */
  records: string;
  /** Server bundles, one folder per build (see build.ts). */
  ssr: string;
  /** The fixed output folder esbuild's incremental contexts are given. */
  bundler: string;
}

/**
 * Everything that lives longer than one build: the caches, the esbuild bundlers, the render
 * worker and the highlighter. `build` makes one for a single build, `serve --watch` one for all
 * its rebuilds; the mode is read here, once, and the stages only see what it chose.
 */
export interface BuildSession {
  readonly siteDir: string;
  readonly outDir: string;
  /** Where stage lines and warnings go; without one, each build logs to the terminal. */
  readonly logger?: StageLogger;
  readonly quiet: boolean;
  /** Build draft pages too (with a "Draft" badge, not indexed). */
  readonly drafts: boolean;
  /** Inline the entry stylesheets in every page, so the first paint waits for no request. */
  readonly inlineCss: boolean;
  /** Names this site's entries in caches shared by sites built from one project. */
  readonly siteId: string;
  readonly caches: SessionCaches;
  /**
   * Every result a build may take from an earlier one, by kind and key (see artifacts.ts): kept
   * on disk, and in memory between the builds of a watch session.
   */
  readonly artifacts: ArtifactStore;
  /** A one-off build starts a compile worker while it looks its pages up (watch mode has them in memory). */
  readonly startCompilerEarly: boolean;
  readonly bundlers: { client: ClientBundler; server: ServerBundler };
  /** A render worker kept warm between builds; without one, each build starts its own renderers. */
  readonly renderHost?: RenderHost;
  /**
   * Where this session's builds write their server files, named by content so that a render
   * worker imports an unchanged one once (watch mode); null when each build has a folder of its own.
   */
  readonly serverFilesDir: string | null;
  /** The code highlighter for these themes, created on first use and kept while they stay the same. */
  highlighter(themes: { light: string; dark: string }): Promise<CodeHighlighter>;
  /** A one-off build lets go of the pages' module code once it is bundled for the last time; a watch session keeps it for its next build. */
  readonly releasesPageCode: boolean;
  /** Watch mode: each source's front matter, read again only when its text changed; null: read every build. */
  readonly frontMatters: TextMemo<ParsedSource> | null;
  /** The fast path's parsers and theme shells (a bounded cache of the theme's markup) for compiling in this thread. */
  staticSession(): Promise<StaticSession>;
  /**
   * What this session's last build committed, by output folder (a locale's part of the output has
   * its own): the manifest, and the files named by content it kept or wrote there (see OwnOutput).
   */
  readonly lastOutputs: Map<string, { manifest: OutputManifest; namedFiles: ReadonlyMap<string, number> }>;
  /** The locales each build makes (`--locale`), or the default one; empty: every locale of the config. */
  readonly locales: readonly string[] | 'default';
  /**
   * Watch mode: takes the tidying a build leaves until after it ended (see CommitOptions.tidyLater),
   * so an edit is shown sooner; the next build opens its output, and the session closes, once it
   * is done. Null: each build tidies before it ends.
   */
  readonly afterBuild: AfterBuild | null;
  /** A Docusaurus project built where it stands: its last reading, kept while what it was read from is the same (see loadSite.ts). */
  readonly projectMemo: ProjectMemo;
  /** Stops the bundlers' contexts and the render worker. */
  close(): Promise<void>;
}

/** Work a build left to finish after it ended. */
export interface AfterBuild {
  add(work: Promise<void>): void;
  /** Settles when all work added so far is done. */
  settled(): Promise<void>;
}

function createAfterBuild(): AfterBuild {
  let pending = Promise.resolve();
  return {
    add(work) {
      pending = Promise.all([pending, work.catch(() => {})]).then(() => {});
    },
    settled: () => pending,
  };
}

/** Where one build reports: warnings (collected for its result) and the running stage's progress. */
export interface BuildReport {
  warn(message: string): void;
  /** A line of the build's log that is no warning (a setting asked for it: 'log'). */
  info?(message: string): void;
  progress?(done: number, total: number): void;
}

export function createBuildSession(options: SessionOptions): BuildSession {
  const watch = options.mode === 'watch';
  const siteDir = path.resolve(options.siteDir);
  const folders = cacheFolders(cacheRootFor(siteDir));
  moveEarlierCacheLayout(folders.root);
  const persistent = options.persistentCache !== false;
  const caches: SessionCaches = {
    artifacts: persistent ? folders.artifacts : null,
    manifests: persistent ? folders.output : null,
    records: folders.output,
    ssr: folders.ssr,
    bundler: folders.bundler,
  };
  const siteId = createHash('sha256').update(siteDir).digest('hex').slice(0, 16);
  const quiet = Boolean(options.quiet);
  const renderHost = watch ? createRenderHost() : undefined;
  // Named as a build's own folder is (pid first), so a later build removes it if this process is killed.
  const serverFilesDir = watch ? path.join(caches.ssr, `${process.pid}-${Date.now().toString(36)}-session`) : null;
  const artifacts = createArtifactStore({ dir: caches.artifacts, siteId, keepInMemory: watch, saveLater: watch });
  const bundlers = {
    client: createClientBundler({ workDir: caches.bundler, incremental: watch, artifacts }),
    server: createServerBundler({ workDir: caches.bundler, incremental: watch, artifacts }),
  };
  const afterBuild = watch ? createAfterBuild() : null;
  // Loaded with its first use, as the compiler is: a build of cached pages loads neither. A
  // one-off build highlights in a thread of its own while this one compiles, the same thread for
  // every one-off build of the process (see remoteHighlighter.ts); a watch session keeps its
  // highlighter here, where an edit's few blocks need no round trip.
  const highlighters = createSessionMemo(
    (themes: { light: string; dark: string }): Promise<CodeHighlighter> =>
      watch
        ? import('../compiler/mdx/highlighter.js').then(({ createCodeHighlighter }) => createCodeHighlighter(themes))
        : import('../compiler/mdx/remoteHighlighter.js').then(({ sharedRemoteHighlighter }) => sharedRemoteHighlighter(themes)),
    (made) => ('close' in made && typeof made.close === 'function' ? made.close() : undefined),
  );
  const staticSessions = createSessionMemo(() => import('../compiler/static/renderStaticPage.js').then(({ createStaticSession }) => createStaticSession()));
  return {
    projectMemo: {},
    siteDir: options.siteDir,
    outDir: options.outDir,
    logger: options.logger,
    quiet,
    drafts: watch,
    inlineCss: !watch,
    siteId,
    caches,
    artifacts,
    startCompilerEarly: !watch,
    bundlers,
    renderHost,
    serverFilesDir,
    highlighter: (themes) => highlighters.get({ light: themes.light, dark: themes.dark }),
    staticSession: () => staticSessions.get(null),
    frontMatters: watch ? createTextMemo(parseFrontMatter) : null,
    releasesPageCode: !watch,
    lastOutputs: new Map(),
    locales: options.locales ?? [],
    afterBuild,
    async close() {
      await afterBuild?.settled();
      artifacts.flush();
      await bundlers.client.dispose();
      await bundlers.server.dispose();
      await renderHost?.close();
      await highlighters.clear();
      if (serverFilesDir) await rm(serverFilesDir, { recursive: true, force: true });
    },
  };
}
