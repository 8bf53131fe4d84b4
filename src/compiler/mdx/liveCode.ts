import type { Root as HastRoot } from 'hast';
import type { Program } from 'estree';
import type { PageFeature } from './rendering.js';

/**
 * Live code blocks, as Docusaurus's live-codeblock theme has them: a fence whose meta says `live`
 * (```` ```jsx live ````) is an editor whose code runs in the page, its result shown under it and
 * drawn again at each edit. The fence becomes the theme's `@theme/LiveCodeBlock` (which brings
 * react-live); only pages that have one load it.
 */

/** The component a live fence becomes in a page's module (imported under this name, which content does not use). */
export const LIVE_CODE_COMPONENT = 'SipaLiveCodeBlock_';
/** The theme's module of live code blocks. */
export const LIVE_CODE_MODULE = '@theme/LiveCodeBlock';

/** Whether a fence's meta (```jsx live title="x"```) asks for a live block. */
export function isLiveFence(meta: string | null | undefined): boolean {
  return /(^|\s)live(\s|$)/.test(meta ?? '');
}

/** Imports the live block's component in a page that has one (after rehypeCodeBlocks has made them). */
export function rehypeLiveCodeImport(options: { state: { features: Set<PageFeature> }; parseModule: (code: string) => Program }) {
  return (tree: HastRoot) => {
    if (!options.state.features.has('liveCode')) return;
    const code = `import ${LIVE_CODE_COMPONENT} from ${JSON.stringify(LIVE_CODE_MODULE)};`;
    tree.children.unshift({ type: 'mdxjsEsm', value: code, data: { estree: options.parseModule(code) } } as never);
  };
}
