import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { routeHref, withoutTrailingSlash } from '../shared/paths.js';
import { SiteContext, useSiteData } from './siteContext.js';

/** What the theme knows about navigation; the same shape during server rendering and in the browser. */
export interface Navigation {
  pathname: string;
  hash: string;
  /** Navigates client-side when the URL belongs to the site, otherwise does a normal page load. */
  navigate(href: string): void;
  /**
   * Watches a link to `href` until it comes into view, when its route's payload may be loaded
   * ahead (see prefetcher.ts); returns the function that stops watching it.
   */
  observeLink(element: Element, href: string): () => void;
  /** The visitor is likely to follow a link to `href`: its route's payload and chunk may be loaded now. */
  prefetch(href: string): void;
  /** True for site routes handled by the client-side router. */
  isInternal(href: string): boolean;
}

const staticNavigation = (pathname: string): Navigation => ({
  pathname,
  hash: '',
  navigate: () => {},
  observeLink: () => () => {},
  prefetch: () => {},
  isInternal: () => false,
});

export const NavigationContext = createContext<Navigation>(staticNavigation('/'));

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function serverNavigation(pathname: string): Navigation {
  return staticNavigation(pathname);
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * The theme's link to a route: `to` is a route as the data names it ("/docs/with space", see
 * types.ts), written percent-encoded with the site's base URL in front, and `hash` an optional
 * fragment. It takes no `href`, so a theme link cannot leave the base URL or the encoding out.
 */
export function Link({ to, hash, ...rest }: AnchorProps & { to: string; hash?: string }) {
  const href = routeHref(useSiteData().baseUrl, to);
  return <UrlLink href={hash ? `${href}#${hash}` : href} {...rest} />;
}

/**
 * An <a> to a URL as the page shows it (content links, where the compiler already put the base
 * URL in; `@docusaurus/Link`). It navigates client-side for site routes. Its route is prefetched
 * in two steps: the payload when the link scrolls into view, the content chunk too when the
 * pointer enters it, it gets the focus or it is pressed (pointerdown comes some 100 ms before the
 * click, and is all a touch screen gives). External links, downloads and new-tab clicks behave
 * as plain links.
 */
export function UrlLink({ href: given = '', onClick, onMouseEnter, onFocus, onPointerDown, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const nav = useNavigation();
  // "/docs/" (as Docusaurus content writes it) is the page "/docs": the site has no trailing slashes.
  // Rendered outside a page (the theme's shells), a link has no base URL to keep.
  const baseUrl = useContext(SiteContext)?.baseUrl ?? '/';
  const href = given.startsWith('/') && !given.startsWith('//') ? withoutTrailingSlash(given, baseUrl) : given;
  const ref = useRef<HTMLAnchorElement>(null);
  const internal = nav.isInternal(href) && !rest.target && rest.download === undefined;

  useEffect(() => {
    const element = ref.current;
    if (internal && element) return nav.observeLink(element, href);
  }, [href, internal, nav]);

  const prefetch = () => {
    if (internal) nav.prefetch(href);
  };
  return (
    <a
      ref={ref}
      href={href}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
      onPointerDown={(event) => {
        // The main button or a touch; a right or middle press opens no page here.
        if (event.button === 0) prefetch();
        onPointerDown?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (internal && isPlainLeftClick(event)) {
          event.preventDefault();
          nav.navigate(href);
        }
      }}
      {...rest}
    />
  );
}
