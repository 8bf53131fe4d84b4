import GithubSlugger from 'github-slugger';
import type { MarkdownFormatSetting } from '../config/types.js';

const NUMBER_PREFIX = /^(\d+)[-_.\s]+(?=\S)/;

/** "010_sipa-cli" → { name: "sipa-cli", position: 10 }; names without a prefix are unchanged. */
export function stripNumberPrefix(segment: string): { name: string; position: number | undefined } {
  const match = NUMBER_PREFIX.exec(segment);
  if (!match) return { name: segment, position: undefined };
  return { name: segment.slice(match[0].length), position: Number(match[1]) };
}

/** GitHub-style slug of a label ("Getting Started!" → "getting-started"). */
export function slugify(text: string): string {
  return new GithubSlugger().slug(text);
}

/** Strips the extension of a file name. */
export function withoutExtension(file: string): string {
  return file.replace(/\.[^./]+$/, '');
}

/**
 * How a content file is compiled: as the `markdown.format` setting says, or by its extension when
 * that is 'detect' (.md as CommonMark with raw HTML, anything else as MDX).
 */
export function contentFormat(relPath: string, setting: MarkdownFormatSetting): 'md' | 'mdx' {
  if (setting !== 'detect') return setting;
  return relPath.endsWith('.md') ? 'md' : 'mdx';
}

/** First "# heading" of a markdown body outside code fences, or null. */
export function findH1(body: string): string | null {
  let inFence = false;
  for (const line of body.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const match = /^#\s+(.+?)\s*(\{#[^}]+\})?\s*#*\s*$/.exec(line);
    if (match) return match[1]!.replace(/[*_`]/g, '');
    if (/^#{2,6}\s/.test(line)) return null;
  }
  return null;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "2025-11-20" → "November 20, 2025" (UTC, so the day never shifts with the build machine's zone). */
export function formatDate(isoDate: string): string {
  return DATE_FORMAT.format(new Date(isoDate));
}
