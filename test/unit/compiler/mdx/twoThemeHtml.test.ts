import { createHighlighter, type BundledLanguage, type Highlighter } from 'shiki';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTwoThemeHtml } from '../../../../src/compiler/mdx/twoThemeHtml.js';

const SAMPLES: Array<[BundledLanguage, string]> = [
  [
    'javascript',
    [
      '// A comment & a <tag>',
      "import Sipa from 'sipa';",
      '',
      '  const pattern = /^a+(b|c)*$/giu, n = 0x1F + 2e-3;',
      'export default class Page extends SipaPage {',
      '  /** @param {string} name */',
      '  async onInit(name = `hi ${this.user?.name ?? "x"}`) {',
      '    return <div className="a">{name}</div>;',
      '  }',
      '}',
    ].join('\n'),
  ],
  [
    'html',
    '<!doctype html>\n<div class="page" data-x=\'1\'>Tom &amp; Jerry</div>\n<style>\n  .a > b { color: red; }\n</style>\n<script>let a = 1 < 2;</script>',
  ],
  ['scss', '@use "sass:math";\n$gap: 4px;\n.card {\n  &__title:hover { margin: math.div($gap, 2) !important; }\n}'],
  ['bash', '#!/usr/bin/env bash\nnpm install -g sipa   # the CLI\nsipa new "my app" && cd my-app\necho "$HOME/${PWD##*/}"'],
  ['json', '{\n  "name": "app",\n  "private": true,\n  "version": 1.5,\n  "deps": [null, {"a": "b"}]\n}'],
  ['markdown', '# Title\n\nSome *emphasis*, **bold**, ~~gone~~ and `code`.\n\n```js\nconst x = 1;\n```\n\n> quote [link](https://example.com)'],
  ['tsx', 'type Props = { title: string };\nexport function Card({ title }: Props): JSX.Element {\n  return <h2 hidden={false}>{title as string}</h2>;\n}'],
];

const PAIRS = [
  { light: 'github-light', dark: 'github-dark' },
  // Themes that also set italic, bold, underline and strikethrough.
  { light: 'catppuccin-latte', dark: 'dracula' },
  { light: 'solarized-light', dark: 'monokai' },
];

/** What a reader sees: the markup around the code, each line's class, and every visible character with its style. */
function looks(html: string) {
  const head = html.slice(0, html.indexOf('<code>'));
  const lines = html
    .slice(html.indexOf('<code>') + '<code>'.length, html.lastIndexOf('</code>'))
    .split('\n')
    .map((line) => {
      const cls = /^<span class="([^"]+)">/.exec(line)![1];
      const chars: string[] = [];
      let text = '';
      for (const m of line.matchAll(/<span(?: style="([^"]*)")?>([^<]*)<\/span>/g)) {
        const content = m[2]!.replaceAll('&#x3C;', '<').replaceAll('&#x26;', '&');
        text += content;
        for (const ch of content) if (/\S/.test(ch)) chars.push(`${ch} ${m[1] ?? ''}`);
      }
      return { cls, text, chars };
    });
  return { head, lines };
}

describe('createTwoThemeHtml', () => {
  let shiki: Highlighter;
  beforeAll(async () => {
    shiki = await createHighlighter({
      themes: [...new Set(PAIRS.flatMap((p) => [p.light, p.dark]))],
      langs: SAMPLES.map(([lang]) => lang),
    });
  }, 60_000);

  for (const themes of PAIRS) {
    it(`gives every character the colours and font styles shiki gives it (${themes.light} / ${themes.dark})`, () => {
      const toHtml = createTwoThemeHtml(shiki, themes);
      const highlighted = new Set([2, 4]);
      const lineClasses = new Map([...highlighted].map((line) => [line, ['highlighted']]));
      for (const [lang, code] of SAMPLES) {
        const expected = shiki.codeToHtml(code, {
          lang,
          themes,
          defaultColor: false,
          // No wall-clock limit for the reference: on a busy machine shiki would stop lines early.
          tokenizeTimeLimit: 0,
          transformers: [
            {
              line(node, line) {
                if (highlighted.has(line)) this.addClassToHast(node, 'highlighted');
              },
            },
          ],
        });
        const actual = toHtml(code, lang, lineClasses);
        expect(looks(actual), `${lang} in ${themes.light} / ${themes.dark}`).toEqual(looks(expected));
      }
    });
  }

  it('renders plain text escaped and unstyled, with highlighted lines', () => {
    const toHtml = createTwoThemeHtml(shiki, PAIRS[0]!);
    const html = toHtml('a < b && c\n\nend', null, new Map([[3, ['highlighted']]]));
    expect(html).toContain('<code><span class="line"><span>a &#x3C; b &#x26;&#x26; c</span></span>\n<span class="line"></span>\n<span class="line highlighted"><span>end</span></span></code></pre>');
    expect(looks(html)).toEqual(looks(shiki.codeToHtml('a < b && c\n\nend', { lang: 'text', themes: PAIRS[0]!, defaultColor: false, transformers: [{ line(node, line) { if (line === 3) this.addClassToHast(node, 'highlighted'); } }] })));
  });

  it('gives lines their classes and the block its own, escaped', () => {
    const toHtml = createTwoThemeHtml(shiki, PAIRS[0]!);
    const html = toHtml('a\nb\nc', null, new Map([[1, ['diff', 'add']], [3, ['my"class']]]), ['has-diff']);
    expect(html).toMatch(/^<pre class="shiki shiki-themes [^"]* has-diff" style=/);
    expect(html).toContain('<span class="line diff add"><span>a</span></span>\n<span class="line"><span>b</span></span>\n<span class="line my&#x22;class"><span>c</span></span>');
  });

  it('keeps the grammar state from line to line (a comment opened on one line colours the next)', () => {
    const toHtml = createTwoThemeHtml(shiki, PAIRS[0]!);
    const html = toHtml('/* start\nstill a comment */ let x;', 'javascript', new Map());
    const second = html.split('\n')[1]!;
    expect(second).toMatch(/<span style="--shiki-light:#6A737D;--shiki-dark:#6A737D">still a comment \*\/<\/span>/);
  });

  it('keeps the whole line when the tokenizer stops early at its time limit (a busy machine)', () => {
    // The same grammar, but every line stops after its first token, as the time limit leaves it.
    const stopsEarly = {
      ...shiki,
      getLanguage: (name: string) => {
        const grammar = shiki.getLanguage(name);
        return {
          ...grammar,
          tokenizeLine: (line: string, state: Parameters<typeof grammar.tokenizeLine>[1]) => {
            const result = grammar.tokenizeLine(line, state);
            return { ...result, tokens: result.tokens.slice(0, 1), stoppedEarly: true };
          },
        };
      },
    } as Highlighter;
    const code = 'Sipa.init(() => {\n  start();\n});';
    const html = createTwoThemeHtml(stopsEarly, PAIRS[0]!)(code, 'javascript', new Map());
    expect(looks(html).lines.map((line) => line.text)).toEqual(code.split('\n'));
  });
});
