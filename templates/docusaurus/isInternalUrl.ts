import { isExternalUrl } from '../../src/shared/paths.js';

/** `@docusaurus/isInternalUrl`: true for a link to a page of this site (a path, not a URL with a scheme). */
export default function isInternalUrl(url?: string): boolean {
  return typeof url === 'string' && !isExternalUrl(url);
}
