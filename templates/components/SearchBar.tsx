/** `@theme/SearchBar`: the navbar's search button, which opens the search dialog. */
export { SearchButton as default } from '../search/SearchProvider.js';
