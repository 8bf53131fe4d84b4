import { Link } from '../../src/client/navigation.js';
import type { ClientSiteData } from '../../src/shared/types.js';
import { linkTarget } from '../../src/shared/paths.js';

const classes = (...names: Array<string | undefined>) => names.filter(Boolean).join(' ');

/** Link columns and the copyright line. */
export function Footer({ site }: { site: ClientSiteData }) {
  return (
    <footer className="footer">
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
                        <span className="visually-hidden"> (opens in a new tab)</span>
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
        {site.footer.copyright ? <p className="footer__copyright">{site.footer.copyright}</p> : null}
      </div>
    </footer>
  );
}
