import type { DocsVersion } from './docsVersions.js';
import type { Doc, SiteModel } from './model.js';

/** Finds what a site-relative source file is in the model. */
export interface SourceLookup {
  /** The doc made from a source file ("versioned_docs/version-1.0/intro.md"). */
  docOf(relPath: string): Doc | undefined;
  /** The route of the doc, post or page made from a source file. */
  routeOf(relPath: string): string | undefined;
  /**
   * The version of a docs instance whose folder holds a file (a doc, a partial, an image): links
   * written relative to the docs root resolve against its `docsDir`, within that version.
   */
  versionOf(relPath: string): DocsVersion | undefined;
}

/** One lookup over the model's docs, posts and pages (see SourceLookup). */
export function createSourceLookup(model: SiteModel): SourceLookup {
  const docs = new Map(model.docs.map((doc) => [doc.source.relPath, doc]));
  const routes = new Map<string, string>();
  for (const doc of model.docs) routes.set(doc.source.relPath, doc.route);
  for (const post of model.posts) routes.set(post.source.relPath, post.route);
  for (const page of model.pages) routes.set(page.relPath, page.route);
  // Deepest folders first, so a docs folder inside another (unusual, but possible) wins.
  const versions = model.docsInstances.flatMap((instance) => instance.versions).sort((a, b) => b.docsDir.length - a.docsDir.length);
  return {
    docOf: (relPath) => docs.get(relPath),
    routeOf: (relPath) => routes.get(relPath),
    versionOf: (relPath) => versions.find((version) => version.docsDir === '.' || relPath.startsWith(`${version.docsDir}/`)),
  };
}
