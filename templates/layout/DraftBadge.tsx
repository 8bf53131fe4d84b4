import { translate } from '../../src/shared/translate.js';

/** Marks a draft, which only `serve --watch` shows: a production build leaves it out. */
export function DraftBadge({ draft }: { draft?: boolean }) {
  if (!draft) return null;
  return (
    <p className="draft-badge" role="note">
      <strong>{translate({ id: 'theme.contentVisibility.draftBanner.title', message: 'Draft' })}</strong> — {translate({ id: 'theme.contentVisibility.draftBanner.message', message: 'this page is left out of production builds.' })}
    </p>
  );
}
