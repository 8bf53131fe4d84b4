/** `@theme/AnnouncementBar`: the bar above the navbar (when the site has one). */
export { AnnouncementBar as default } from '../layout/AnnouncementBar.js';
