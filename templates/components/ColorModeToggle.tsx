/** `@theme/ColorModeToggle`: the button that switches between light and dark. */
export { ColorModeToggle as default } from '../layout/ColorModeToggle.js';
