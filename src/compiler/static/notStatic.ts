/**
 * Thrown while a part of a page is collected, emitted or viewed as markdown, where the fast path
 * meets what it cannot render exactly as the MDX path does (its message says what); the renderer
 * then gives the page back to the MDX path (see renderStaticPage.ts).
 */
export class NotStatic extends Error {}
