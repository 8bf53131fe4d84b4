import { createRequire } from 'node:module';
import { transformSync } from 'esbuild';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { svgComponentModule } from '../../../src/bundle/svgComponent.js';

/** The component the module exports, loaded as the bundler would load it. */
function componentOf(svg: string): { default: ComponentType<Record<string, unknown>>; ReactComponent: ComponentType<Record<string, unknown>> } {
  const { code } = transformSync(svgComponentModule(svg), { format: 'cjs', loader: 'js' });
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
  return module.exports as never;
}

const SVG = `<?xml version="1.0"?>
<!-- a comment before the drawing -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" class="mark" viewBox="0 0 10 10" stroke-width="2" style="fill-opacity: .5; --tint: red" data-kind="logo">
  <use xlink:href="#a"/><text>A &amp; B</text>
</svg>`;

describe('an SVG file imported as a component', () => {
  it('draws the file inline, its root attributes as React props, the props given overriding them', () => {
    const Svg = componentOf(SVG).default;
    const html = renderToStaticMarkup(createElement(Svg, { width: 40, className: 'given' }));
    expect(html).toMatch(/^<svg /);
    expect(html).toContain('class="given"');
    expect(html).toContain('viewBox="0 0 10 10"');
    expect(html).toContain('stroke-width="2"');
    expect(html).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(html).toContain('style="fill-opacity:.5;--tint:red"');
    expect(html).toContain('data-kind="logo"');
    expect(html).toContain('width="40"');
    expect(html).toContain('<use xlink:href="#a"/><text>A &amp; B</text>');
    expect(html).not.toContain('comment before');
  });

  it('adds a title first when given one, escaped, and exports the component as ReactComponent too', () => {
    const { default: Svg, ReactComponent } = componentOf(SVG);
    expect(ReactComponent).toBe(Svg);
    const html = renderToStaticMarkup(createElement(Svg, { title: 'Tom & <Jerry>', titleId: 'logo-title' }));
    expect(html).toContain('aria-labelledby="logo-title"');
    expect(html).toMatch(/><title id="logo-title">Tom &amp; &lt;Jerry&gt;<\/title>\s*<use/);
  });

  it('refuses a file that holds no svg element', () => {
    expect(() => svgComponentModule('<html><body>not a drawing</body></html>')).toThrow('it holds no <svg> element');
  });
});
