/** `@theme/DocCategoryGeneratedIndexPage`: a category's generated index (`categoryGeneratedIndex`). */
export { DocCategoryGeneratedIndexPage as default } from '../layout/DocCategoryGeneratedIndexPage.js';
