/**
 * The DOM event watch mode's live-reload script dispatches (cancelable, on `document`) when a
 * rebuild changed pages but not the code or styles every page loads. The page's runtime cancels
 * it and shows the new content in place; when nothing cancels it (the page has not hydrated yet,
 * or has no runtime), the script reloads the page instead.
 */
export const CONTENT_CHANGED_EVENT = 'sipa:content-changed';
