/** `@theme/DocSidebar`: the docs sidebar. */
export { DocSidebar as default } from '../layout/DocSidebar.js';
