/** `@theme/NavbarItem/DefaultNavbarItem`: a navbar link, with Docusaurus's props (`label`, `to`, `href`, `className`, `mobile`, `isDropdownItem`…). */
export { DefaultNavbarItem as default } from '../../layout/DefaultNavbarItem.js';
