// headTags, stylesheets and scripts in the config: Docusaurus's shapes, checked entry by entry.
import { describe, expect, it } from 'vitest';
import { headSettingIssues, headTagsOf } from '../../../src/config/headSettings.js';
import { headTagHtml } from '../../../src/render/headTags.js';

describe('head settings', () => {
  it('become tags in order: headTags, then style sheets, then scripts, written as HTML', () => {
    const tags = headTagsOf({
      headTags: [{ tagName: 'META', attributes: { name: 'a', content: 'b "c" <d>' } }, { tagName: 'script', innerHTML: 'x()' }],
      stylesheets: ['https://s.example/a.css', { href: '/b.css', media: 'print' }],
      scripts: ['/c.js', { src: 'https://s.example/d.js', async: true, defer: false }],
    });
    expect(tags.map(headTagHtml)).toEqual([
      '<meta name="a" content="b &quot;c&quot; &lt;d>">',
      '<script>x()</script>',
      '<link rel="stylesheet" href="https://s.example/a.css">',
      '<link rel="stylesheet" href="/b.css" media="print">',
      '<script src="/c.js"></script>',
      '<script src="https://s.example/d.js" async></script>',
    ]);
    expect(headTagsOf({})).toEqual([]);
  });

  it('names each entry it cannot write, by its key', () => {
    const issues = headSettingIssues({
      headTags: [
        { tagName: 'title', innerHTML: 'x' },
        { tagName: 'link', attributes: { rel: 'icon', onload: 'x()' }, innerHTML: 'y' },
        { tagName: 'script', innerHTML: 'a</script><b>' },
        'meta',
        { tagName: 'meta', attributes: { 'bad name': 'x', content: 3 }, extra: 1 },
      ],
      stylesheets: [{ media: 'print' }, ''],
      scripts: [42, { src: 'https://x.example/a.js', async: 'yes', defer: 1 }],
    });
    expect(issues.map((issue) => issue.message)).toEqual([
      'headTags.0.tagName must be one of meta, link, script, style, noscript, got "title"',
      "headTags.1.attributes.onload is an inline event handler, which the site's Content-Security-Policy blocks; add a script that attaches the handler instead",
      'headTags.1.innerHTML is not allowed: a <link> holds nothing',
      'headTags.2.innerHTML must not hold "</script", which would end the element early',
      'headTags.3 must be an object { tagName, attributes, innerHTML }, got string',
      'headTags.4.extra is not a key of a head tag (tagName, attributes, innerHTML)',
      'headTags.4.attributes.bad name is not an attribute name',
      'headTags.4.attributes.content must be a string or a boolean, got number',
      'stylesheets.0.href is required: the URL to load',
      'stylesheets.1 must not be empty',
      'scripts.0 must be a URL or an object with `src`, got number',
      'scripts.1.defer must be a string or a boolean, got number',
    ]);
    expect(headSettingIssues({ title: 'T' })).toEqual([]);
  });
});
