import { EARLY_INPUT_GLOBAL, REPLAY_ATTRIBUTE } from '../shared/earlyInput.js';

/** Dispatched on window by the script loader when the client entry fails to load (see render/document.ts). */
export const ENTRY_ERROR_EVENT = 'sipa:entry-error';

/**
 * If the runtime has not even started this long after an early link click, the click becomes the
 * plain page load it would have been without the runtime (a runtime that loads but cannot start
 * the page does the same at once, see src/client/earlyInput.ts).
 */
const LINK_FALLBACK_MS = 15_000;

/**
 * The inline script of every page that records early input (see shared/earlyInput.ts): clicks
 * and key presses on controls that need the runtime (Enter and Space on a button are recorded as
 * the click they make, so they are not counted twice), and the last plain click on a link to a
 * page of the site, which it holds instead of letting the browser load the page: the runtime
 * shows that page client-side once it is up, as it does for a click after. A link to a file (an
 * extension other than .html), outside the base URL, to another window, to download, or to a
 * place on the same page, and a click with a modifier key, are left to the browser. Should the
 * runtime fail to load, the held link is followed. It must stay tiny: every page carries it,
 * hashed in the policy.
 */
export function earlyInputScript(baseUrl: string): string {
  return `(function(){var q=[],d=document,w=window,n=null,b=${JSON.stringify(baseUrl)};function h(e){var t=e.target,c=t&&t.closest&&t.closest('[${REPLAY_ATTRIBUTE}]');if(!c){if(e.type==='click')l(e,t);return}if(e.type==='keydown'&&(e.key==='Enter'||e.key===' '))return;q.push({type:e.type,target:c,key:e.key,shiftKey:e.shiftKey,ctrlKey:e.ctrlKey,altKey:e.altKey,metaKey:e.metaKey})}function l(e,t){var a=t&&t.closest&&t.closest('a[href]');if(!a||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||a.target&&a.target!=='_self'||a.hasAttribute('download'))return;var u=new URL(a.href,location.href),p=u.pathname;if(u.origin!==location.origin||p.indexOf(b)!==0&&p+'/'!==b||/\\.(?!html$)[a-z0-9]+$/i.test(p)||p===location.pathname&&u.search===location.search&&u.hash)return;e.preventDefault();if(n===null)setTimeout(f,${LINK_FALLBACK_MS});n=u.href}function f(){if(n&&!w.__SIPA_LOADED__)location.assign(n)}d.addEventListener('click',h,true);d.addEventListener('keydown',h,true);addEventListener('${ENTRY_ERROR_EVENT}',function(){if(n)location.assign(n)});w.${EARLY_INPUT_GLOBAL}=function(){d.removeEventListener('click',h,true);d.removeEventListener('keydown',h,true);var r={events:q,link:n};n=null;return r}})()`;
}
