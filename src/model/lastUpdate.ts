import type { LastUpdate } from '../shared/types.js';
import { formatDate, type DateLocale } from './names.js';

/** A file's last commit as the build read it from git. */
export interface CommitInfo {
  /** Seconds since the epoch. */
  timestamp: number;
  author: string;
}

/**
 * When and by whom a doc was last changed: its last commit, with either part replaced by front
 * matter `last_update: { date, author }`. Null when neither says anything (no git history, no
 * front matter), so nothing is shown. The date is written in `locale`'s language and calendar.
 */
export function resolveLastUpdate(commit: CommitInfo | undefined, frontMatter: Record<string, unknown>, locale?: DateLocale): LastUpdate | null {
  const given = frontMatter.last_update;
  const override = typeof given === 'object' && given !== null ? (given as { date?: unknown; author?: unknown }) : {};
  const date = w3cDate(override.date) ?? (commit ? w3cDate(new Date(commit.timestamp * 1000)) : null);
  const author = typeof override.author === 'string' && override.author.trim() ? override.author.trim() : commit?.author || null;
  if (!date && !author) return null;
  return { date, formattedDate: date ? formatDate(date, locale) : null, author };
}

/**
 * A date in W3C format: "2025-11-20" for a day, "2025-11-20T09:30:00Z" for a moment; null when
 * the value is no date. YAML reads an unquoted day as a Date at midnight UTC, which stays a day.
 */
export function w3cDate(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    return Number.isNaN(Date.parse(value.trim())) ? null : value.trim();
  }
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace(/\.\d{3}Z$/, 'Z');
}
