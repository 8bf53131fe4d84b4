import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, hasInlineHandler, headersFileText, inlineScriptsIn, scriptHash } from '../../../src/server/securityHeaders.js';

describe('security headers', () => {
  it('hashes a script the way browsers check it: SHA-256 of its exact text, base64', () => {
    const code = "(function(){document.documentElement.dataset.x='é'})()";
    expect(scriptHash(code)).toBe(`'sha256-${createHash('sha256').update(Buffer.from(code, 'utf8')).digest('base64')}'`);
  });

  it('finds the inline scripts a browser runs, not external scripts or data blocks', () => {
    const html = [
      '<script>one()</script>',
      '<script type="module">two()</script>',
      "<SCRIPT type='text/javascript'>three()</SCRIPT>",
      '<script src="/a.js"></script>',
      '<script id="__SIPA_ROUTE__" type="application/json">{"a":1}</script>',
      '<script type="application/ld+json">{}</script>',
      '<script data-x="1">\nfour()\n</script >',
    ].join('\n');
    expect(inlineScriptsIn(html)).toEqual(['one()', 'two()', 'three()', '\nfour()\n']);
    expect(inlineScriptsIn('<p>no scripts</p>')).toEqual([]);
  });

  it('spots inline event handlers in markup, not in text', () => {
    expect(hasInlineHandler('<button onclick="go()">Go</button>')).toBe(true);
    expect(hasInlineHandler('<img src="x.png" onerror=alert(1)>')).toBe(true);
    expect(hasInlineHandler('<p>Call it once = twice, or on click="x"</p>')).toBe(false);
    expect(hasInlineHandler('<code>&lt;a onclick=&quot;x&quot;&gt;</code>')).toBe(false);
  });

  it('allows scripts only from the site and by hash, and writes them in a _headers file', () => {
    const policy = contentSecurityPolicy(["'sha256-b='", "'sha256-a='", "'sha256-b='"]);
    expect(policy).toContain("script-src 'self' 'sha256-a=' 'sha256-b=';");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("object-src 'none'");
    // With search, WebAssembly may be compiled, and still no JavaScript evaluated.
    const withSearch = contentSecurityPolicy(["'sha256-a='"], { webAssembly: true });
    expect(withSearch).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-a=';");
    expect(withSearch).not.toContain("'unsafe-eval'");
    expect(headersFileText(policy)).toBe(
      `# Written by sipadocs: the headers every page of this site is served with.\n/*\n  Content-Security-Policy: ${policy}\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n`,
    );
  });
});
