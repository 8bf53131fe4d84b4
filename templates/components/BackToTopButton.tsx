/** `@theme/BackToTopButton`: the button that scrolls back to the top. */
export { BackToTop as default } from '../layout/BackToTop.js';
