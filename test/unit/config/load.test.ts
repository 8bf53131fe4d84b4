import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import { SiteError, SiteErrors } from '../../../src/errors.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Loads a config file with this text; returns the errors it is refused with (none when it loads). */
async function configErrors(text: string): Promise<SiteError[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-config-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'sipadocs.config.ts'), text);
  try {
    await loadConfig(dir);
    return [];
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    if (error instanceof SiteError) return [error];
    throw error;
  }
}

const config = (fields: string, before = '') => `${before}\nexport default { title: 'T', url: 'https://t.example', ${fields} };\n`;

describe('loadConfig refuses values that cannot work, naming the key', () => {
  it.each([
    ["baseUrl: 'no-slash'", 'baseUrl', /baseUrl must be a path starting with "\/"/],
    ["baseUrl: 'https://t.example/docs/'", 'baseUrl', /baseUrl must be a path starting with "\/"/],
    ['blog: { postsPerPage: -3 }', 'blog.postsPerPage', /blog\.postsPerPage must be a whole number of at least 1, got -3/],
    ['blog: { postsPerPage: 2.5 }', 'blog.postsPerPage', /blog\.postsPerPage must be a whole number of at least 1, got 2\.5/],
    ['markdown: { maxFileSize: -1 }', 'markdown.maxFileSize', /markdown\.maxFileSize must be a whole number of at least 1, got -1/],
    ['toc: { minHeadingLevel: 4, maxHeadingLevel: 3 }', 'toc.minHeadingLevel', /toc\.minHeadingLevel \(4\) is above toc\.maxHeadingLevel \(3\)/],
    ['toc: { minHeadingLevel: 4 }', 'toc.minHeadingLevel', /toc\.minHeadingLevel \(4\) is above toc\.maxHeadingLevel \(3, the default\)/],
    ['toc: { maxHeadingLevel: 9 }', 'toc.maxHeadingLevel', /toc\.maxHeadingLevel must be a whole number from 2 to 6, got 9/],
  ])('%s', async (fields, key, message) => {
    const errors = await configErrors(config(fields));
    expect(errors.map((error) => error.code)).toEqual(['CONFIG_INVALID']);
    expect(errors[0]!.message).toMatch(message);
    expect(errors[0]!.message).toContain(key);
    expect(errors[0]!.location?.line).toBe(2);
  });

  it('names the key where a value refers back to itself', async () => {
    const errors = await configErrors(config('customFields: { loop }', 'const loop: Record<string, unknown> = { a: 1 };\nloop.self = loop;'));
    expect(errors.map((error) => error.code)).toEqual(['CONFIG_INVALID']);
    expect(errors[0]!.message).toMatch(/customFields\.loop\.self refers back to customFields\.loop/);
  });

  it('names the key whose value throws when read', async () => {
    const errors = await configErrors(config("get tagline(): string { throw new Error('no tagline today'); }"));
    expect(errors.map((error) => error.code)).toEqual(['CONFIG_INVALID']);
    expect(errors[0]!.message).toMatch(/reading tagline failed: no tagline today/);
  });

  it('takes valid values as they are', async () => {
    expect(await configErrors(config("baseUrl: '/docs', blog: { postsPerPage: 5 }, toc: { minHeadingLevel: 3, maxHeadingLevel: 4 }, markdown: { maxFileSize: 2000000 }"))).toEqual([]);
  });
});

describe('loadConfig refuses a config it cannot compile', () => {
  it('with a hint on the syntax for a syntax error, and on the path for an import of what is not there', async () => {
    const [syntax] = await configErrors(config("title: 'T' 'U'"));
    expect(syntax).toMatchObject({ code: 'CONFIG_LOAD_FAILED', hint: expect.stringMatching(/^Fix the syntax error/) });
    const [missing] = await configErrors(config('', "import sidebars from './no-such-file.ts';\nvoid sidebars;"));
    expect(missing).toMatchObject({ code: 'CONFIG_LOAD_FAILED', message: expect.stringMatching(/Could not resolve ".\/no-such-file\.ts"/), location: { line: 1 } });
    expect(missing!.hint).toMatch(/^Check what this import names/);
  });
});
