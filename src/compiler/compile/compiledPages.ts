import type { ArtifactKindSpec } from '../../cache/artifacts.js';
import type { CompiledPage } from '../mdx/compile.js';
import type { CompiledOutcome } from './compileJob.js';

/**
 * What the index of compiled pages keeps of one (everything but the code, read by every build),
 * and the code, an entry of its own read only if the page is bundled, rendered or written as
 * markdown again.
 */
type StoredPage = Omit<CompiledPage, 'code' | 'excerptCode' | 'markdown'>;
interface StoredOutcome {
  page: StoredPage;
  links: Record<string, string | null>;
  images: Record<string, string>;
}
interface StoredCode {
  code: string;
  excerptCode: string | null;
  markdown: string;
}

/** Compiled pages, by the page's source and the settings that shape it (see compilePages). */
export const COMPILED_PAGES: ArtifactKindSpec<CompiledOutcome, StoredOutcome, StoredCode> = {
  name: 'compile',
  disk: {
    record: ({ page, links, images }) => {
      // Picked one by one: a page read from the cache reads its code on first touch.
      const model: StoredPage = {
        isStatic: page.isStatic,
        hasTruncateMarker: page.hasTruncateMarker,
        toc: page.toc,
        headingIds: page.headingIds,
        anchors: page.anchors,
        excerptAnchors: page.excerptAnchors,
        h1: page.h1,
        warnings: page.warnings,
        markdownLinks: page.markdownLinks,
        linkPlaces: page.linkPlaces,
        image: page.image,
        features: page.features,
      };
      if (page.dependencies) model.dependencies = page.dependencies;
      return { page: model, links, images };
    },
    blob: ({ page }) => ({ code: page.code, excerptCode: page.excerptCode, markdown: page.markdown }),
    restore: (stored, blob) => {
      let code: StoredCode | null = null;
      const load = () => (code ??= blob());
      const page = Object.defineProperties({ ...stored.page } as CompiledPage, {
        // Configurable: a one-off build lets go of the code once bundled (see stages/render.ts).
        code: { get: () => load().code, enumerable: true, configurable: true },
        excerptCode: { get: () => load().excerptCode, enumerable: true, configurable: true },
        markdown: { get: () => load().markdown, enumerable: true },
      });
      return { ok: true, page, links: stored.links, images: stored.images };
    },
  },
};
