import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { scanSources } from '../model/scan.js';
import { readDocsInstances } from '../model/readDocsInstances.js';
import { withTranslations } from '../i18n/localizedSources.js';
import type { DocsInstance } from '../model/docsVersions.js';
import type { LoadedSource } from '../model/siteModel.js';
import { SiteError } from '../errors.js';

const MARKDOWN = /\.mdx?$/;

/**
 * Reads every source file of the site as UTF-8 text. A file that cannot be a page's source (binary
 * data, text in another encoding, or markdown larger than `markdown.maxFileSize`) is kept with an
 * empty text and its problem, so the site model reports it among the other content errors and
 * nothing else trips over it. A UTF-8 byte-order mark is dropped, as editors on Windows write one.
 * Files are read before their size is known (a stat per file would cost more than the reads), so
 * a stray huge file is read once before it is refused; Node itself refuses files over 2 GiB.
 * A symbolic link leading out of the site is not read: `onLinkOut` gets its path (see scanSources).
 * A translation of a file the site does not have is not read either: `onUnmatched` gets it.
 */
export async function readSources(
  config: SiteConfig,
  docs: DocsInstance[] = readDocsInstances(config),
  onLinkOut?: (relPath: string) => void,
  onUnmatched?: (translation: string, original: string) => void,
): Promise<LoadedSource[]> {
  // A locale reads the files it translates from their translations (see withTranslations).
  const files = withTranslations(config, await scanSources(config, docs, onLinkOut), onUnmatched);
  // One synchronous read per file: for thousands of small files this is about ten times faster
  // than fs/promises, whose every call is a thread-pool round trip.
  const read: LoadedSource[] = files.map((file) => {
    const limit = MARKDOWN.test(file.relPath) ? config.markdown.maxFileSize : Infinity;
    const read = readText(file.absPath, limit);
    if (typeof read === 'string') return file.section === 'blog' && config.project?.undatedPostsFromFileTime ? { ...file, text: read, modified: modifiedDate(file.absPath) } : { ...file, text: read };
    return { ...file, text: '', problem: sourceProblem(read, file.relPath, limit) };
  });
  return config.project ? withReplacedPages(read, config) : read;
}

/**
 * A Docusaurus project's React pages that the build leaves out, each replaced by the markdown
 * page that says why at its route (see ProjectReading.replacedPages).
 */
function withReplacedPages(sources: LoadedSource[], config: SiteConfig): LoadedSource[] {
  const replaced = config.project!.replacedPages;
  if (replaced.size === 0) return sources;
  const kept = sources.filter((source) => !replaced.has(source.relPath));
  for (const { relPath, text } of replaced.values()) {
    if (!kept.some((source) => source.relPath === relPath)) kept.push({ section: 'pages', relPath, absPath: path.join(config.siteDir, relPath), text });
  }
  return kept.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
}

/** A file's last modification as a date (YYYY-MM-DD). */
function modifiedDate(file: string): string {
  return statSync(file).mtime.toISOString().slice(0, 10);
}

type ReadProblem = { kind: 'too large'; size: number } | { kind: 'binary' } | { kind: 'not utf-8'; line: number; column: number; byte: number };

/**
 * The file's text, or why it is not a text source. The common case costs what a plain
 * readFileSync(file, 'utf8') does (its decoding runs in one native call; checking the bytes first
 * doubled the stage's CPU time on 10,000 files): invalid UTF-8 decodes to U+FFFD and NUL stays
 * NUL, so the bytes are only looked at again when the text holds either.
 */
function readText(file: string, limit: number): string | ReadProblem {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // Node refuses files over 2 GiB, and V8 strings over about 512 MB.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_FS_FILE_TOO_LARGE' || code === 'ERR_STRING_TOO_LONG') return { kind: 'too large', size: statSync(file).size };
    throw error;
  }
  // Every character is at least one byte and at most three: the exact size is rarely needed.
  if (text.length > limit || (text.length * 3 > limit && Buffer.byteLength(text) > limit)) return { kind: 'too large', size: statSync(file).size };
  if (text.includes('\0')) return { kind: 'binary' };
  if (text.includes('\ufffd')) {
    const bytes = readFileSync(file);
    if (!isUtf8(bytes)) return { kind: 'not utf-8', ...invalidUtf8At(bytes) };
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function sourceProblem(problem: ReadProblem, relPath: string, limit: number): SiteError {
  const kind = MARKDOWN.test(relPath) ? 'markdown' : path.extname(relPath).slice(1) || 'source';
  switch (problem.kind) {
    case 'too large':
      return new SiteError({
        code: 'SOURCE_TOO_LARGE',
        message: `this ${kind} file is ${formatBytes(problem.size)}, more than markdown.maxFileSize allows: ${formatBytes(limit)}`,
        location: { file: relPath },
        hint: 'Split it into several pages, or raise markdown.maxFileSize in the site config (compiling takes about 1 GB of memory per MB of markdown).',
      });
    case 'binary':
      return new SiteError({
        code: 'SOURCE_NOT_TEXT',
        message: `this ${kind} file is not text: it contains NUL bytes (binary data, or text saved as UTF-16)`,
        location: { file: relPath },
        hint: 'Remove it from the content folder (images and downloads go in static/), or save it as UTF-8 text.',
      });
    case 'not utf-8':
      return new SiteError({
        code: 'SOURCE_NOT_TEXT',
        message: `this ${kind} file is not valid UTF-8: byte 0x${problem.byte.toString(16).toUpperCase().padStart(2, '0')} here is not part of a UTF-8 character`,
        location: { file: relPath, line: problem.line, column: problem.column },
        hint: 'Save the file as UTF-8 (it is probably in Latin-1 or Windows-1252).',
      });
  }
}

/** 1-based line and column (in characters) of the first byte that breaks UTF-8, and that byte. */
function invalidUtf8At(bytes: Buffer): { line: number; column: number; byte: number } {
  let offset = 0;
  while (offset < bytes.length) {
    const length = utf8SequenceLength(bytes, offset);
    if (length === 0) break;
    offset += length;
  }
  const before = bytes.toString('utf8', 0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  let line = 1;
  for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
  return { line, column: [...before.slice(lineStart)].length + 1, byte: bytes[offset] ?? 0 };
}

/** Length of the well-formed UTF-8 sequence at `offset` (RFC 3629: no overlongs, no surrogates), or 0. */
function utf8SequenceLength(bytes: Buffer, offset: number): number {
  const b0 = bytes[offset]!;
  if (b0 < 0x80) return 1;
  const cont = (i: number, low = 0x80, high = 0xbf) => offset + i < bytes.length && bytes[offset + i]! >= low && bytes[offset + i]! <= high;
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const [low, high] = b0 === 0xe0 ? [0xa0, 0xbf] : b0 === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return cont(1, low, high) && cont(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const [low, high] = b0 === 0xf0 ? [0x90, 0xbf] : b0 === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return cont(1, low, high) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** "5,243,174 bytes (5.0 MB)": exact, as the config key is in bytes, and readable. */
function formatBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes >= 1024 * 1024) return `${exact} (${(bytes / (1024 * 1024)).toFixed(1)} MB)`;
  if (bytes >= 1024) return `${exact} (${(bytes / 1024).toFixed(1)} KB)`;
  return exact;
}
