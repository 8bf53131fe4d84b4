import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors.js';
import { authorSocials } from '../../../src/model/authorSocials.js';
import { parseAuthors } from '../../../src/model/blog.js';

describe('authorSocials', () => {
  it('turns handles of known platforms into profile URLs and keeps full URLs, in the order written', () => {
    expect(authorSocials({ github: 'jane', X: 'janex', linkedin: 'jane-doe', stackoverflow: 82609, email: 'jane@example.com', newsletter: 'https://news.example/jane' })).toEqual([
      { platform: 'github', label: 'GitHub', url: 'https://github.com/jane' },
      { platform: 'x', label: 'X', url: 'https://x.com/janex' },
      { platform: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/in/jane-doe/' },
      { platform: 'stackoverflow', label: 'Stack Overflow', url: 'https://stackoverflow.com/users/82609' },
      { platform: 'email', label: 'Email', url: 'mailto:jane@example.com' },
      { platform: 'newsletter', label: 'newsletter', url: 'https://news.example/jane' },
    ]);
    expect(authorSocials(undefined)).toEqual([]);
  });

  it('refuses a path that is no URL, a handle of an unknown platform, and a list', () => {
    expect(() => authorSocials({ github: 'org/jane' })).toThrow('socials.github: "org/jane" is neither a handle nor a full http(s) URL');
    expect(() => authorSocials({ newsletter: 'jane' })).toThrow(/newsletter is no platform a handle can name/);
    expect(() => authorSocials(['jane'])).toThrow('"socials" must map platforms to handles or URLs');
  });
});

describe('parseAuthors with socials', () => {
  it('gives each author their links', () => {
    const authors = parseAuthors('blog/authors.yml', 'jane:\n  name: Jane\n  socials:\n    github: jane\n');
    expect(authors.get('jane')!.socials).toEqual([{ platform: 'github', label: 'GitHub', url: 'https://github.com/jane' }]);
  });

  it('stops at an entry it cannot make a link of, naming the author and the line', () => {
    let error: unknown;
    try {
      parseAuthors('blog/authors.yml', 'jo:\n  name: Jo\njane:\n  name: Jane\n  socials:\n    mastodon: a/b\n');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('AUTHORS_INVALID');
    expect((error as SiteError).message).toBe('author "jane": socials.mastodon: "a/b" is neither a handle nor a full http(s) URL');
    expect((error as SiteError).location).toEqual({ file: 'blog/authors.yml', line: 3, column: 1 });
  });
});
