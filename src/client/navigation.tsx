import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { routeHref } from '../shared/paths.js';
import { useSiteData } from './siteContext.js';

/** What the theme knows about navigation; the same shape during server rendering and in the browser. */
export interface Navigation {
  pathname: string;
  hash: string;
  /** Navigates client-side when the URL belongs to the site, otherwise does a normal page load. */
  navigate(href: string): void;
  /** Loads a route's payload and chunk ahead of a likely click. */
  prefetch(href: string): void;
  /** True for site routes handled by the client-side router. */
  isInternal(href: string): boolean;
}

const staticNavigation = (pathname: string): Navigation => ({
  pathname,
  hash: '',
  navigate: () => {},
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
 * URL in; `@docusaurus/Link`). It navigates client-side for site routes and prefetches the target
 * on hover or when it scrolls into view. External links, downloads and new-tab clicks behave as
 * plain links.
 */
export function UrlLink({ href = '', onClick, onMouseEnter, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const nav = useNavigation();
  const ref = useRef<HTMLAnchorElement>(null);
  const internal = nav.isInternal(href) && !rest.target && rest.download === undefined;

  useEffect(() => {
    const element = ref.current;
    if (!internal || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        // Visible links are prefetched when the browser is idle, after the page's own loading.
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => nav.prefetch(href), { timeout: 2000 });
        else setTimeout(() => nav.prefetch(href), 0);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [href, internal, nav]);

  return (
    <a
      ref={ref}
      href={href}
      onMouseEnter={(event) => {
        if (internal) nav.prefetch(href);
        onMouseEnter?.(event);
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
