import { mdxComponents } from '../mdxComponents.js';

/** `@theme/MDXComponents`: the components the theme gives every MDX page, by element or name. */
const MDXComponents = mdxComponents;
export default MDXComponents;
