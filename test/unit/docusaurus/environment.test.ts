import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateTracingEnvironment, noteEnvironment } from '../../../src/docusaurus/environment.js';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { configFileText } from '../../../src/migrate/sourceText.js';
import { tempDir } from '../../helpers.js';

describe('environment variables of a Docusaurus config', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-environment-');
    process.env.SIPADOCS_ENV_TEST_TOKEN = 'token-value-5678';
    process.env.SIPADOCS_ENV_TEST_URL = 'https://value.example';
  });
  afterAll(async () => {
    delete process.env.SIPADOCS_ENV_TEST_TOKEN;
    delete process.env.SIPADOCS_ENV_TEST_URL;
    await tmp.cleanup();
  });

  const trace = async (text: string) => {
    const file = path.join(tmp.dir, `c${Math.random().toString(36).slice(2)}.config.js`);
    await writeFile(file, text);
    return evaluateTracingEnvironment(file, {}, {});
  };

  it('evaluates the config as if nothing were set, and writes code that reads each variable where it went', async () => {
    const { evaluation, environment } = await trace(
      [
        'module.exports = {',
        "  title: 'Site ' + process.env.SIPADOCS_ENV_TEST_TOKEN,",
        "  url: process.env.SIPADOCS_ENV_TEST_URL || 'https://fallback.example',",
        "  tagline: process.env.SIPADOCS_ENV_TEST_FLAG ? 'preview' : 'stable',",
        '};',
      ].join('\n'),
    );
    expect(evaluation.value).toEqual({ title: 'Site undefined', url: 'https://fallback.example', tagline: 'stable' });
    expect(environment.names.sort()).toEqual(['SIPADOCS_ENV_TEST_FLAG', 'SIPADOCS_ENV_TEST_TOKEN', 'SIPADOCS_ENV_TEST_URL']);
    const text = configFileText(evaluation.value as never, 'website/docusaurus.config.js', environment.expressions);
    expect(text).toContain('title: `Site ${process.env.SIPADOCS_ENV_TEST_TOKEN}`');
    expect(text).toContain("url: process.env.SIPADOCS_ENV_TEST_URL ?? 'https://fallback.example'");
    expect(text).toContain("tagline: 'stable'");
    expect(text).not.toMatch(/token-value-5678|value\.example/);

    const notes = new MigrationNotes();
    noteEnvironment(environment, '/p/docusaurus.config.js', text, notes);
    expect(notes.carried.join('\n')).toMatch(/SIPADOCS_ENV_TEST_TOKEN[\s\S]*SIPADOCS_ENV_TEST_URL|SIPADOCS_ENV_TEST_URL[\s\S]*SIPADOCS_ENV_TEST_TOKEN/);
    expect(notes.notCarriedItems).toEqual([
      { item: 'the environment variable SIPADOCS_ENV_TEST_FLAG, read by docusaurus.config.js', reason: expect.stringMatching(/as if it were not set/) },
    ]);
  });

  it('leaves a string that other values share as it is, and notes a listed environment without printing it', async () => {
    const { evaluation, environment } = await trace(
      [
        "const base = process.env.SIPADOCS_ENV_TEST_URL || 'https://same.example';",
        "module.exports = { url: base, footer: 'https://same.example', customFields: process.env };",
      ].join('\n'),
    );
    expect(evaluation.value).toEqual({ url: 'https://same.example', footer: 'https://same.example', customFields: {} });
    expect(environment.expressions.size).toBe(0);
    const notes = new MigrationNotes();
    noteEnvironment(environment, '/p/docusaurus.config.js', configFileText(evaluation.value as never, 'x', environment.expressions), notes);
    expect(notes.notCarriedItems.map((note) => note.item)).toEqual([
      'the environment variable SIPADOCS_ENV_TEST_URL, read by docusaurus.config.js',
      'process.env (all of it), in docusaurus.config.js',
    ]);
    expect(JSON.stringify(notes)).not.toContain('value.example');
  });

  it('takes what the language looks up on process.env (toJSON, toString, hasOwnProperty) for no variable', async () => {
    const { evaluation, environment } = await trace(
      [
        'module.exports = {',
        '  customFields: { all: JSON.stringify(process.env), text: String(process.env), own: process.env.hasOwnProperty(\'SIPADOCS_ENV_TEST_TOKEN\') },',
        '};',
      ].join('\n'),
    );
    expect(evaluation.value).toEqual({ customFields: { all: '{}', text: '[object Object]', own: false } });
    expect(environment.names).toEqual(['*']);
    const notes = new MigrationNotes();
    noteEnvironment(environment, '/p/docusaurus.config.js', configFileText(evaluation.value as never, 'x', environment.expressions), notes);
    expect(notes.notCarriedItems.map((note) => note.item)).toEqual(['process.env (all of it), in docusaurus.config.js']);
  });

  it('evaluates once when the config reads no variable', async () => {
    const { environment } = await trace("module.exports = { title: 'x' };\n");
    expect(environment).toEqual({ names: [], expressions: new Map() });
  });
});
