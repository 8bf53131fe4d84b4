import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { THEME_MESSAGES, themeText } from '../../../src/shared/themeCatalog.js';
import { themeMessagesFor } from '../../../src/i18n/themeMessages.js';

const REPO = path.resolve(import.meta.dirname, '../../..');

/** Every `translate({ id, message })` call of the theme and the client runtime, as written. */
async function themeCalls(): Promise<Array<{ file: string; id: string; message: string }>> {
  const files = await fg(['templates/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}'], { cwd: REPO, ignore: ['templates/docusaurus/**'] });
  const calls: Array<{ file: string; id: string; message: string }> = [];
  for (const file of files) {
    const source = await readFile(path.join(REPO, file), 'utf8');
    for (const match of source.matchAll(/translate\(\{ id: '([^']+)', message: '((?:[^'\\]|\\.)*)' \}/g)) calls.push({ file, id: match[1]!, message: match[2]!.replace(/\\'/g, "'") });
  }
  return calls;
}

describe('the theme message catalogue', () => {
  it('has every id the theme translates, with the same English text', async () => {
    const calls = await themeCalls();
    expect(calls.length).toBeGreaterThan(80);
    for (const { file, id, message } of calls) {
      expect(THEME_MESSAGES, `${file}: ${id}`).toHaveProperty([id]);
      expect(THEME_MESSAGES[id as keyof typeof THEME_MESSAGES], `${file}: ${id}`).toBe(message);
    }
  });

  it('lists no id that nothing shows', async () => {
    const files = await fg(['templates/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'], { cwd: REPO, ignore: ['src/shared/themeCatalog.ts', 'src/i18n/sipadocsMessages.ts'] });
    const sources = (await Promise.all(files.map((file) => readFile(path.join(REPO, file), 'utf8')))).join('\n');
    const unused = Object.keys(THEME_MESSAGES).filter((id) => !sources.includes(`'${id}'`));
    expect(unused).toEqual([]);
  });

  it("takes Docusaurus's translations of the words it shares with Docusaurus's theme", () => {
    const fr = themeMessagesFor('fr');
    expect(fr['theme.TOCCollapsible.toggleButtonLabel']).toBe('Sur cette page');
    expect(fr['theme.docs.paginator.next']).toBe('Suivant');
    expect(themeMessagesFor('ja')['theme.common.editThisPage']).toBe('このページを編集');
    // A regional locale finds its language's words, as Docusaurus looks them up.
    expect(themeMessagesFor('fr-CA')['theme.docs.paginator.next']).toBe('Suivant');
    // English is the catalogue's own text.
    expect(themeMessagesFor('en')['theme.docs.paginator.next']).toBeUndefined();
  });

  it('chooses the plural form of the language', () => {
    const ru = themeMessagesFor('ru');
    expect(themeText(ru, 'theme.blog.post.plurals', { count: 1 }, 'ru')).toMatch(/^1 /);
    expect(themeText(ru, 'theme.blog.post.plurals', { count: 3 }, 'ru')).not.toBe(themeText(ru, 'theme.blog.post.plurals', { count: 5 }, 'ru'));
    expect(themeText(undefined, 'theme.blog.post.plurals', { count: 2 })).toBe('2 posts');
  });
});
