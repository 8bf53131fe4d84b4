import type { DocRouteData, LastUpdate } from '../../src/shared/types.js';
import { Tags } from './Tags.js';
import { translate } from '../../src/shared/translate.js';
import { interpolate } from '../docusaurus/Interpolate.js';

export function EditLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a className="edit-link" href={href} target="_blank" rel="noopener noreferrer">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M4 20h4L19 9l-4-4L4 16z" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      {translate({ id: 'theme.common.editThisPage', message: 'Edit this page' })}
    </a>
  );
}

/** "Last updated on November 20, 2025 by Jane", with either part left out when unknown. */
function LastUpdated({ update }: { update: LastUpdate | null }) {
  if (!update) return null;
  return (
    <p className="last-updated">
      {interpolate(translate({ id: 'theme.lastUpdated.lastUpdatedAtBy', message: 'Last updated{atDate}{byUser}' }), {
        atDate: update.date ? interpolate(translate({ id: 'theme.lastUpdated.atDate', message: ' on {date}' }), { date: <time dateTime={update.date}>{update.formattedDate}</time> }) : '',
        byUser: update.author ? interpolate(translate({ id: 'theme.lastUpdated.byUser', message: ' by {user}' }), { user: <span className="last-updated__author">{update.author}</span> }) : '',
      })}
    </p>
  );
}

/** The end of a doc (`@theme/DocItem/Footer`): its tags, its edit link and when it last changed. */
export function DocItemFooter({ data }: { data: DocRouteData }) {
  return (
    <>
      {data.tags ? <footer className="doc__footer"><Tags tags={data.tags} /></footer> : null}
      {data.editUrl || data.lastUpdate ? (
        <div className="doc-footer">
          <EditLink href={data.editUrl} />
          <LastUpdated update={data.lastUpdate} />
        </div>
      ) : null}
    </>
  );
}
