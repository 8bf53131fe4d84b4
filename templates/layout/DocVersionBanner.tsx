import { storePreferredVersion, useVersionChoice } from '../../src/client/docsVersion.js';
import { Link } from '../../src/client/navigation.js';
import { useSiteData } from '../../src/client/siteContext.js';
import type { DocVersionData } from '../../src/shared/types.js';
import { translate } from '../../src/shared/translate.js';
import { interpolate } from '../docusaurus/Interpolate.js';

/**
 * Above a doc of a version that is not the last: it is unreleased, or no longer maintained, with a
 * link to the same doc in the last version (its main doc when it has no such doc). Following the
 * link makes the last version the preferred one.
 */
export function DocVersionBanner({ version }: { version: DocVersionData }) {
  const site = useSiteData();
  const choice = useVersionChoice(version.pluginId);
  if (!version.banner || !choice) return null;
  const last = choice.versions.versions.find((v) => v.name === choice.versions.lastVersion)!;
  const target = version.alternates[last.name] ?? last.mainDoc;
  return (
    <div className="version-banner" role="note">
      <p>
        {version.banner === 'unreleased'
          ? translate({ id: 'theme.docs.versions.unreleasedVersionLabel', message: 'This is the documentation of {siteTitle} {versionLabel}, which is not released yet.' }, { siteTitle: site.title, versionLabel: version.label })
          : translate({ id: 'theme.docs.versions.unmaintainedVersionLabel', message: 'This is the documentation of {siteTitle} {versionLabel}, which is no longer maintained.' }, { siteTitle: site.title, versionLabel: version.label })}
      </p>
      <p>
        {interpolate(translate({ id: 'theme.docs.versions.latestVersionSuggestionLabel', message: 'For up-to-date documentation, see the {latestVersionLink} ({versionLabel}).' }), {
          versionLabel: last.label,
          latestVersionLink: (
            <Link to={target} onClick={() => storePreferredVersion(version.pluginId, last.name)}>
              <b>{translate({ id: 'theme.docs.versions.latestVersionLinkLabel', message: 'latest version' })}</b>
            </Link>
          ),
        })}
      </p>
    </div>
  );
}

/** "Version: 1.0" above a doc, when its docs have several versions (or the version's `badge` says so). */
export function DocVersionBadge({ version }: { version: DocVersionData }) {
  return version.badge ? <span className="version-badge">{translate({ id: 'theme.docs.versionBadge.label', message: 'Version: {versionLabel}' }, { versionLabel: version.label })}</span> : null;
}
