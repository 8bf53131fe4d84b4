/** `@theme/Footer`: the footer of every page. */
export { Footer as default } from '../layout/Footer.js';
