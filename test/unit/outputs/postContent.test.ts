import { describe, expect, it } from 'vitest';
import { postContentHtml } from '../../../src/outputs/postContent.js';

const page = (content: string) =>
  `<a class="skip-link" href="#main-content">Skip</a><nav><a href="/docs">Docs</a></nav><main><article class="post"><header><h1>Title</h1></header><div class="markdown">${content}</div><footer><a href="/blog/tags/x">x</a></footer></article></main>`;

describe('postContentHtml', () => {
  it('takes the article body alone and makes its URLs absolute', () => {
    const html = postContentHtml(
      page('<p>See <a href="/docs/a#b">a</a>, <a href="#here">here</a>, <a href="other">other</a>, <a href="https://x.org">x</a> and <a href="mailto:a@b.c">mail</a>.</p><img src="/img/a.png" alt="">'),
      'https://site.example/sub/blog/post',
      'https://site.example/sub',
    )!;
    expect(html).toBe(
      '<p>See <a href="https://site.example/sub/docs/a#b">a</a>, <a href="https://site.example/sub/blog/post#here">here</a>, ' +
        '<a href="https://site.example/sub/blog/other">other</a>, <a href="https://x.org">x</a> and <a href="mailto:a@b.c">mail</a>.</p>' +
        '<img src="https://site.example/sub/img/a.png" alt>',
    );
  });

  it('drops buttons and icons, shows every tab panel under its label, and never ends a CDATA section', () => {
    const html = postContentHtml(
      page(
        '<div class="tabs"><div role="tablist"><button role="tab" id="t0">npm</button><button role="tab" id="t1">Yarn &amp; co</button></div>' +
          '<div role="tabpanel" aria-labelledby="t0"><p>one</p></div><div role="tabpanel" aria-labelledby="t1" hidden=""><p>two</p></div></div>' +
          '<div class="code-block"><pre><code>a[b[c]]&gt;</code></pre><button class="code-block__copy">Copy</button></div><svg><path d=""></path></svg>',
      ),
      'https://s.example/blog/p',
      'https://s.example',
    )!;
    expect(html).not.toContain('<button');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('hidden');
    expect(html).toContain('<div role="tabpanel" aria-labelledby="t0"><p><strong>npm</strong></p><p>one</p></div>');
    expect(html).toContain('<p><strong>Yarn &amp; co</strong></p><p>two</p>');
    expect(html).not.toContain(']]>');
    expect(html).toContain('a[b[c]]&gt;');
  });

  it('is null for a page without a post body', () => {
    expect(postContentHtml('<main><p>nothing</p></main>', 'https://s.example/x', 'https://s.example')).toBeNull();
  });
});
