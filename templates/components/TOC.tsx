/** `@theme/TOC`: a page's table of contents, beside its content. */
export { TableOfContents as default } from '../layout/TableOfContents.js';
