/** `@theme/DocItem/Layout`: a doc's page around its content (`children`). */
export { DocItemLayout as default } from '../../layout/DocItemLayout.js';
