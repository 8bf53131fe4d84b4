import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, lineField, markdownText, markdownUrl, xmlChars } from '../../../src/outputs/escape.js';
import { readHtml, readMarkdown, readXml } from '../../readOutputs.js';

/** Pieces of text that mean something in markup of one kind or another. */
const PIECES = [
  'a', 'B', '1', '10', ' ', '  ', '\t', '\n', '\r\n', '\u0001', '\u001b', '\u007f', '\ufffe', '\ud800', 'é', '😀',
  '<', '>', '&', '"', "'", '`', '*', '_', '[', ']', '(', ')', '!', '#', '|', '~', '-', '+', '=', '.', ':', '\\',
  '<script>', '</b>', '<!--', ']]>', '<![CDATA[', '&amp;', '&#x3C;', '&lt;', 'http://x.example', '<http://x.example>', '[a](b)', '1. ', '> ',
];
const hostile = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((pieces) => pieces.join(''));

/** What one line of markdown made from `text` must read as: lines joined, controls and lone surrogates gone, trimmed. */
const asOneLine = (text: string) =>
  text
    .replace(/\s*[\n\r]\s*/g, ' ')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .trim();

describe('markdownText', () => {
  it('reads as the text itself and nothing else in a heading, a quote, a link and a list item', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const line = markdownText(text);
        const expected = asOneLine(text);
        if (!expected) return;
        for (const [markdown, elements] of [
          [`# ${line}\n`, ['h1']],
          [`> ${line}\n`, ['blockquote', 'p']],
          [`- [${line}](https://x.example/a%20b.md): ${line}\n`, ['ul', 'li', 'a']],
        ] as const) {
          const read = readMarkdown(markdown);
          expect(read.elements, `${JSON.stringify(text)} → ${read.html}`).toEqual(elements);
          const shown = read.text.trim().replace(/^\n+|\n+$/g, '');
          const wanted = markdown.startsWith('- ') ? `${expected}: ${expected}` : expected;
          expect(shown, JSON.stringify(text)).toBe(wanted);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('leaves plain titles as they are written, but for what markdown would read otherwise', () => {
    expect(markdownText('Getting started: A & B, C# and 100% (really)')).toBe('Getting started: A & B, C# and 100% (really)');
    expect(markdownText('1. First #')).toBe('1\\. First \\#');
    expect(markdownText('- <b>x</b> *y* [z] &amp;')).toBe('\\- \\<b>x\\</b> \\*y\\* \\[z\\] \\&amp;');
    expect(markdownText(' two\nlines\u0001 ')).toBe('two lines');
  });
});

describe('markdownUrl', () => {
  it('keeps a link destination whole whatever parentheses and spaces the URL holds', () => {
    const read = readMarkdown(`[x](${markdownUrl('https://x.example/a (b)) c\u3000d.md')})`);
    expect(read.html).toContain('href="https://x.example/a%20%28b%29%29%20c%E3%80%80d.md"');
  });
});

describe('escapeXml', () => {
  it('gives text that a strict XML parser reads back as the text, less what XML cannot hold, in content and attributes', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const escaped = escapeXml(text);
        const { texts, attributes, elements } = readXml(`<a b="${escaped}" c='${escaped}'>${escaped}</a>`);
        expect(elements).toEqual(['a']);
        const kept = xmlChars(text);
        // XML reads a line break in an attribute as a space, and "\r\n" in content as "\n".
        expect(attributes).toEqual([kept, kept].map((value) => value.replace(/\r\n|[\n\r\t]/g, ' ')));
        if (kept.trim()) expect(texts[0]!.text).toBe(kept.replace(/\r\n?/g, '\n'));
      }),
      { numRuns: 400 },
    );
  });
});

describe('escapeHtml', () => {
  it('gives HTML whose text is the text and which holds no element', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const read = readHtml(escapeHtml(text));
        expect(read.elements).toEqual([]);
        expect(read.text).toBe(text);
      }),
      { numRuns: 400 },
    );
  });
});

describe('lineField', () => {
  it('leaves no whitespace or control character in a field of _redirects, and decodes to the value', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const field = lineField(text.replace(/%/g, ''));
        expect(field).not.toMatch(/[\s\u0000-\u001f\u007f]/);
        if (!/[\ud800-\udfff]/.test(text)) expect(decodeURIComponent(field)).toBe(text.replace(/%/g, ''));
      }),
    );
  });
});
