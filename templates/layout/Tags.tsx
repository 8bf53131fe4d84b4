import { Link } from '../../src/client/navigation.js';
import type { TagRef } from '../../src/shared/types.js';
import { translate } from '../../src/shared/translate.js';

/** The tags of a post or doc, each linking to the page of its tag. */
export function Tags({ tags }: { tags: TagRef[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label={translate({ id: 'theme.tags.tagsListLabel', message: 'Tags' })}>
      {tags.map((tag) => (
        <li key={tag.permalink}><Link className="tag" to={tag.permalink}>{tag.label}</Link></li>
      ))}
    </ul>
  );
}

/** Every tag with the number of pages carrying it (the tags overview of the blog and of the docs). */
export function TagCloud({ tags }: { tags: Array<TagRef & { count: number }> }) {
  return (
    <ul className="tags tags--large">
      {tags.map((tag) => (
        <li key={tag.permalink}><Link className="tag" to={tag.permalink}>{tag.label} <span className="tag__count">{tag.count}</span></Link></li>
      ))}
    </ul>
  );
}
