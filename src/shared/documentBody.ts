import type { PageMeta, RoutePayload } from './types.js';

/** Where a page's server-rendered body starts and ends in its document (see render/document.ts). */
export const BODY_START = '<body>\n<div id="__sipa">';
export const BODY_END = '</div>\n<script id="__SIPA_ROUTE__" type="application/json">';

/**
 * The server-rendered body and the page's meta, read back from a document renderDocument wrote;
 * null when the text is not such a document. A later build that only changes the document
 * around a body (a new stylesheet, say) takes the body from there instead of rendering it again.
 */
export function documentBody(html: string): { bodyHtml: string; meta: PageMeta } | null {
  const start = html.indexOf(BODY_START);
  // The body may contain anything, but nothing after it does: the last marker ends it.
  const end = html.lastIndexOf(BODY_END);
  const dataEnd = html.indexOf('</script>', end);
  if (start === -1 || end < start || dataEnd === -1) return null;
  try {
    const payload = JSON.parse(html.slice(end + BODY_END.length, dataEnd)) as RoutePayload;
    return { bodyHtml: html.slice(start + BODY_START.length, end), meta: payload.meta };
  } catch {
    return null;
  }
}
