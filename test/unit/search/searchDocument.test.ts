import { describe, expect, it } from 'vitest';
import { CODE_WEIGHT, extractSearchDocument } from '../../../src/search/searchDocument.js';

const page = (article: string) =>
  `<nav class="navbar"><a href="/">Site</a></nav><aside><a href="/docs/other">Other page</a></aside><main><article class="markdown" data-search-body="">${article}</article><nav class="pager"><a href="/next">Next page</a></nav></main><footer>Footer text</footer>`;

describe('extractSearchDocument', () => {
  it('keeps the marked content only: title, headings with their ids, text and code', () => {
    const doc = extractSearchDocument(
      page('<h1>Routing</h1><p>Intro <strong>text</strong>.</p><h2 id="hash-links">Hash links</h2><p>Use <code>#x</code>.</p><div class="code-block"><button>Copy</button><pre><code><span class="line">Sipa.init();</span></code></pre></div>'),
      'Fallback',
    )!;
    expect(doc.title).toBe('Routing');
    expect(doc.html).toBe(
      `<h1>Routing</h1><p>Intro text.</p><h2 id="hash-links">Hash links</h2><p>Use #x.</p><pre data-pagefind-weight="${CODE_WEIGHT}">Sipa.init();</pre>`,
    );
    expect(doc.html).not.toMatch(/Other page|Next page|Footer|Copy/);
  });

  it('keeps hidden tab panels (another tab shows them) but drops hidden decoration', () => {
    const doc = extractSearchDocument(
      page('<h1>T</h1><div role="tablist"><button role="tab">npm</button></div><div role="tabpanel">npm i sipa</div><div role="tabpanel" hidden="">yarn add sipa</div><span aria-hidden="true">🔗</span><svg><title>icon</title></svg>'),
      'T',
    )!;
    expect(doc.html).toBe('<h1>T</h1><p>npm i sipa</p><p>yarn add sipa</p>');
  });

  it('escapes text, separates blocks and uses the fallback title when the content has no h1', () => {
    const doc = extractSearchDocument(page('<ul><li>a &lt;b&gt; &amp; c</li><li>next</li></ul><table><tr><td>x</td><td>y</td></tr></table>'), 'Home')!;
    expect(doc.title).toBe('Home');
    expect(doc.html).toBe('<h1>Home</h1><p>a &lt;b&gt; &amp; c</p><p>next</p><p>x</p><p>y</p>');
  });

  it('gives a doc of a docs version its scope filter, so the dialog can leave other versions out', () => {
    const body = '<main><article class="markdown" data-search-body="" data-search-scope="default@1.0"><h1>Old</h1><p>text</p></article></main>';
    expect(extractSearchDocument(body, 'Old')!.html).toBe('<span data-pagefind-filter="scope:default@1.0"></span><h1>Old</h1><p>text</p>');
    expect(extractSearchDocument(page('<h1>T</h1>'), 'T')!.html).not.toMatch(/pagefind-filter/);
  });

  it('returns null for a body without marked content', () => {
    expect(extractSearchDocument('<main><h1>Archive</h1></main>', 'Archive')).toBeNull();
  });

  it('leaves out what is marked as not content, and the whole page when nothing else is left', () => {
    const searchPage = '<div class="search-page" data-search-ignore=""><h1>Search the documentation</h1><form><input name="q"></form><p role="status"></p></div>';
    expect(extractSearchDocument(page(searchPage), 'Search')).toBeNull();
    expect(extractSearchDocument(page(`<h1>Tools</h1><p>Kept.</p>${searchPage}`), 'Tools')).toEqual({ title: 'Tools', html: '<h1>Tools</h1><p>Kept.</p>' });
  });
});
