import { Link } from '../../src/client/navigation.js';
import type { ClientSiteData } from '../../src/shared/types.js';
import { linkTarget } from '../../src/shared/paths.js';

/** Link columns and the copyright line. */
export function Footer({ site }: { site: ClientSiteData }) {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__columns">
          {site.footer.columns.map((column) => (
            <div className="footer__column" key={column.title}>
              <h2 className="footer__title">{column.title}</h2>
              <ul>
                {column.items.map((item) => (
                  <li key={item.label}>
                    {item.to ? (
                      <Link className="footer__link" {...linkTarget(item.to)}>{item.label}</Link>
                    ) : (
                      <a className="footer__link" href={item.href} target="_blank" rel="noopener noreferrer">
                        {item.label}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {site.footer.copyright ? <p className="footer__copyright">{site.footer.copyright}</p> : null}
      </div>
    </footer>
  );
}
