import type { AuthorSocial } from '../shared/types.js';

/**
 * The platforms an author's `socials` may name by handle, with the label a reader sees and the
 * profile URL a handle stands for (the platforms and addresses Docusaurus 3.5+ knows).
 */
const PLATFORMS: Record<string, { label: string; url: (handle: string) => string }> = {
  x: { label: 'X', url: (h) => `https://x.com/${h}` },
  twitter: { label: 'Twitter', url: (h) => `https://twitter.com/${h}` },
  github: { label: 'GitHub', url: (h) => `https://github.com/${h}` },
  linkedin: { label: 'LinkedIn', url: (h) => `https://www.linkedin.com/in/${h}/` },
  stackoverflow: { label: 'Stack Overflow', url: (id) => `https://stackoverflow.com/users/${id}` },
  bluesky: { label: 'Bluesky', url: (h) => `https://bsky.app/profile/${h}` },
  instagram: { label: 'Instagram', url: (h) => `https://www.instagram.com/${h}` },
  threads: { label: 'Threads', url: (h) => `https://www.threads.net/@${h}` },
  mastodon: { label: 'Mastodon', url: (h) => `https://mastodon.social/@${h}` },
  twitch: { label: 'Twitch', url: (h) => `https://twitch.tv/${h}` },
  youtube: { label: 'YouTube', url: (h) => `https://youtube.com/@${h}` },
  email: { label: 'Email', url: (address) => `mailto:${address}` },
};

/**
 * An author's `socials` (`{ github: handle, x: handle, newsletter: https://… }`) as links: a full
 * http(s) URL is kept, a handle of a known platform becomes its profile URL. Throws an Error saying
 * what is wrong with an entry that is neither (the caller locates it).
 */
export function authorSocials(value: unknown): AuthorSocial[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('"socials" must map platforms to handles or URLs');
  return Object.entries(value as Record<string, unknown>).map(([name, raw]) => {
    // YAML reads a Stack Overflow user id (82609) as a number.
    if (typeof raw !== 'string' && typeof raw !== 'number') throw new Error(`socials.${name} must be a handle or a URL`);
    const handle = String(raw).trim();
    const platform = PLATFORMS[name.toLowerCase()];
    if (/^https?:\/\//.test(handle)) return { platform: name.toLowerCase(), label: platform?.label ?? name, url: handle };
    if (!platform) throw new Error(`socials.${name}: "${handle}" is no URL, and ${name} is no platform a handle can name (${Object.keys(PLATFORMS).join(', ')})`);
    if (handle.includes('/') || handle === '') throw new Error(`socials.${name}: "${handle}" is neither a handle nor a full http(s) URL`);
    return { platform: name.toLowerCase(), label: platform.label, url: platform.url(handle) };
  });
}
