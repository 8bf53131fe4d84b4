/** Storage keys of the announcement bar and its inline <head> script (no React: the build imports it). */
export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';

/**
 * Inline <head> script: hides a bar dismissed earlier before first paint (no flash). A new bar
 * id resets the dismissal.
 */
export function announcementScript(id: string): string {
  return `(function(){try{var s=localStorage;if(s.getItem(${JSON.stringify(ANNOUNCEMENT_ID_KEY)})===${JSON.stringify(id)}&&s.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISS_KEY)})==='true')document.documentElement.setAttribute('data-announcement-dismissed','true')}catch(e){}})()`;
}
