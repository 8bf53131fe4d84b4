import { Link } from '../../src/client/navigation.js';
import type { ClientSiteData } from '../../src/shared/types.js';
import { isExternalUrl, linkTarget } from '../../src/shared/paths.js';
import IconExternalLink from '../components/Icon/ExternalLink.js';
import { SiteLogo } from './SiteLogo.js';
import { translate } from '../../src/shared/translate.js';

const classes = (...names: Array<string | undefined | false>) => names.filter(Boolean).join(' ');

/** The footer's logo, a link when it has an `href` (a site path or another site). */
function FooterLogo({ logo }: { logo: NonNullable<ClientSiteData['footer']['logo']> }) {
  const image = <SiteLogo className="footer__logo" src={logo.src} srcDark={logo.srcDark} alt={logo.alt} width={logo.width} height={logo.height} />;
  if (logo.href === undefined) return <div className="footer__brand">{image}</div>;
  if (isExternalUrl(logo.href)) {
    return (
      <a className="footer__brand" href={logo.href} target="_blank" rel="noopener noreferrer">
        {image}
      </a>
    );
  }
  return <Link className="footer__brand" {...linkTarget(logo.href)}>{image}</Link>;
}

/** Link columns, the logo and the copyright line; dark or light as the config's `footer.style` says. */
export function Footer({ site }: { site: ClientSiteData }) {
  const { logo } = site.footer;
  return (
    <footer className={classes('footer', site.footer.style === 'light' && 'footer--light')}>
      <div className="footer__inner">
        <div className="footer__columns">
          {site.footer.columns.map((column, i) => (
            <div className="footer__column" key={i}>
              {column.title ? <h2 className="footer__title">{column.title}</h2> : null}
              <ul>
                {column.items.map((item, i) => (
                  <li key={i}>
                    {item.to !== undefined ? (
                      <Link className={classes('footer__link', item.className)} {...linkTarget(item.to)}>{item.label}</Link>
                    ) : item.href !== undefined ? (
                      <a className={classes('footer__link', item.className)} href={item.href} target="_blank" rel="noopener noreferrer">
                        {item.label}
                        <IconExternalLink className="external-link-icon" />
                        <span className="visually-hidden">{` ${translate({ id: 'theme.IconExternalLink.ariaLabel', message: '(opens in a new tab)' })}`}</span>
                      </a>
                    ) : (
                      // Raw HTML of the config, as Docusaurus's footer `html` items.
                      <div className={classes('footer__html', item.className)} dangerouslySetInnerHTML={{ __html: item.html ?? '' }} />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {logo || site.footer.copyright ? (
          <div className="footer__bottom">
            {logo ? <FooterLogo logo={logo} /> : null}
            {site.footer.copyright ? <p className="footer__copyright">{site.footer.copyright}</p> : null}
          </div>
        ) : null}
      </div>
    </footer>
  );
}
