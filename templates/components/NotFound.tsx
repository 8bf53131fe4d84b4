/** `@theme/NotFound`: the page shown for an address the site does not have. */
export { NotFoundScreen as default } from '../screens/PageScreens.js';
