import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import CodeBlock from '../../../templates/components/CodeBlock.js';
import Heading from '../../../templates/components/Heading.js';

const HIGHLIGHTED = '<pre class="shiki"><code><span class="line">a</span>\n<span class="line">b</span>\n<span class="line">c</span></code></pre>';

describe('Heading', () => {
  it('ends h2-h6 with an id with a "#" link named after the heading text', () => {
    const html = renderToString(createElement(Heading, { as: 'h3', id: 'use-it' }, 'Use ', createElement('code', null, 'Sipa.init'), ' early'));
    expect(html).toBe('<h3 id="use-it">Use <code>Sipa.init</code> early<a class="hash-link" href="#use-it" aria-label="Direct link to Use Sipa.init early"></a></h3>');
  });

  it('leaves h1 and headings without an id as they are', () => {
    expect(renderToString(createElement(Heading, { as: 'h1', id: 'top' }, 'Title'))).toBe('<h1 id="top">Title</h1>');
    expect(renderToString(createElement(Heading, { as: 'h2', className: 'x' }, 'Plain'))).toBe('<h2 class="x">Plain</h2>');
  });
});

describe('CodeBlock line numbers', () => {
  const render = (props: Record<string, unknown>) => renderToString(createElement(CodeBlock, { language: 'js', ...props }));

  it('numbers from 1, or from the given first line, with a gutter for the last number', () => {
    expect(render({ html: HIGHLIGHTED, showLineNumbers: 'true' })).toContain('class="code-block code-block--numbered" data-language="js" style="--sd-line-start:0;--sd-line-digits:1"');
    expect(render({ html: HIGHLIGHTED, showLineNumbers: true })).toContain('style="--sd-line-start:0;--sd-line-digits:1"');
    expect(render({ html: HIGHLIGHTED, showLineNumbers: '98' })).toContain('style="--sd-line-start:97;--sd-line-digits:3"');
    expect(render({ html: HIGHLIGHTED, showLineNumbers: 5 })).toContain('style="--sd-line-start:4;--sd-line-digits:1"');
  });

  it('does not number without showLineNumbers', () => {
    for (const showLineNumbers of [undefined, false, 'false']) {
      const html = render({ html: HIGHLIGHTED, showLineNumbers });
      expect(html).not.toContain('code-block--numbered');
      expect(html).not.toContain('--sd-line-start');
    }
  });

  it('splits plain code given as children into lines, so it can be numbered too', () => {
    const html = render({ showLineNumbers: true, children: 'one\ntwo\n' });
    expect(html).toContain('<code><span class="line">one</span>\n<span class="line">two</span></code>');
    expect(html).toContain('--sd-line-digits:1');
  });
});
