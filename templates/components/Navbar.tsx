/** `@theme/Navbar`: the navbar at the top of every page. */
export { Navbar as default } from '../layout/Navbar.js';
