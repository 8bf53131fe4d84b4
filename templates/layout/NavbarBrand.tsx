import { Link } from '../../src/client/navigation.js';
import type { ClientSiteData } from '../../src/shared/types.js';
import { isExternalUrl, linkTarget } from '../../src/shared/paths.js';
import { SiteLogo } from './SiteLogo.js';

/**
 * The navbar's logo and title, one link: to the home page, or to the logo's `href` (another site's
 * opens in a new tab unless the logo's `target` says otherwise), as Docusaurus's navbar brand.
 */
export function NavbarBrand({ navbar }: { navbar: ClientSiteData['navbar'] }) {
  const { logo, title } = navbar;
  const content = (
    <>
      {logo ? <SiteLogo className="navbar__logo" src={logo.src} srcDark={logo.srcDark} alt={logo.alt} width={logo.width ?? 32} height={logo.height ?? 32} /> : null}
      <span className="navbar__title">{title}</span>
    </>
  );
  const href = logo?.href;
  if (href !== undefined && isExternalUrl(href)) {
    const target = logo?.target ?? '_blank';
    return (
      <a className="navbar__brand" href={href} target={target} rel={target === '_blank' ? 'noopener noreferrer' : undefined}>
        {content}
      </a>
    );
  }
  return (
    <Link className="navbar__brand" {...linkTarget(href ?? '/')} target={logo?.target}>
      {content}
    </Link>
  );
}
