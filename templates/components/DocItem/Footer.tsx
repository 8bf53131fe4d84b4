/** `@theme/DocItem/Footer`: the end of a doc: tags, edit link, last update. */
export { DocItemFooter as default } from '../../layout/DocItemFooter.js';
