import type { Mdx1CompatSetting } from './types.js';

/** markdown.mdx1Compat with every option set. */
export type Mdx1Compat = Required<Mdx1CompatSetting>;

/** Docusaurus's defaults of markdown.mdx1Compat: every rewrite on; sipadocs's own `syntax` off. */
export const DEFAULT_MDX1_COMPAT: Mdx1Compat = { comments: true, admonitions: true, headingIds: true, syntax: false };
