/**
 * Watches links for the moment they first come into view, with one IntersectionObserver for the
 * whole page rather than one per link. Links seen in the same pass are reported in the order they
 * were observed, which on a page's first render is the order of the document (so "the first links
 * in view" means the first on the page, not an order the browser picked). Each observed link is
 * reported once; `observe` returns the function that stops watching it. Without
 * IntersectionObserver, nothing is reported.
 */
export function createLinkObserver(onVisible: (href: string) => void) {
  if (typeof IntersectionObserver === 'undefined') return () => () => {};
  const hrefs = new Map<Element, string>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const href = hrefs.get(entry.target);
      if (!entry.isIntersecting || href === undefined) continue;
      observer.unobserve(entry.target);
      hrefs.delete(entry.target);
      onVisible(href);
    }
  });
  return (element: Element, href: string): (() => void) => {
    hrefs.set(element, href);
    observer.observe(element);
    return () => {
      observer.unobserve(element);
      hrefs.delete(element);
    };
  };
}
