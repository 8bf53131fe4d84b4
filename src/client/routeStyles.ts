/**
 * Attaches a route's own style sheets (a page that imports CSS) before the route is shown, so it
 * never appears unstyled; sheets already in the document are not added again. A sheet that fails
 * to load does not stop the navigation. Sheets stay attached afterwards, as a loaded chunk stays
 * loaded.
 */
export function attachRouteStyles(urls: readonly string[], doc: Document = document): Promise<void> {
  const present = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')));
  const pending = urls
    .filter((url) => !present.has(url))
    .map(
      (url) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          link.href = url;
          link.onload = () => resolve();
          link.onerror = () => resolve();
          doc.head.appendChild(link);
        }),
    );
  return Promise.all(pending).then(() => undefined);
}
