import type { AnchorHTMLAttributes } from 'react';
import { UrlLink } from '../../src/client/navigation.js';
import { useSiteData } from '../../src/client/siteContext.js';
import { isExternalUrl } from '../../src/shared/paths.js';
import { withBaseUrl } from './useBaseUrl.js';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** The target, as Docusaurus content writes it (`href` works too). */
  to?: string;
  /** False leaves a site path without the base URL in front. */
  autoAddBaseUrl?: boolean;
  // Accepted for compatibility with Docusaurus navbar links; the theme marks active links itself.
  isNavLink?: boolean;
  activeClassName?: string;
  exact?: boolean;
}

/**
 * `@docusaurus/Link`: the theme's link, so site pages open client-side (and are prefetched).
 * A site path gets the base URL in front; an external URL opens in a new tab.
 */
export default function Link({ to, href, autoAddBaseUrl = true, isNavLink: _nav, activeClassName: _active, exact: _exact, ...rest }: LinkProps) {
  const site = useSiteData();
  const target = to ?? href ?? '';
  if (isExternalUrl(target)) {
    return <a href={target} target={rest.target ?? '_blank'} rel={rest.rel ?? 'noopener noreferrer'} {...rest} />;
  }
  return <UrlLink href={autoAddBaseUrl && target.startsWith('/') ? withBaseUrl(target, site) : target} {...rest} />;
}
