/**
 * The class of the element holding a page's content made at build time (templates/components/StaticHtml.tsx),
 * by which the client finds that HTML on the first visit instead of loading the page's chunk.
 */
export const STATIC_HTML_CLASS = 'static-html';
