import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../src/shared/documentTitle.js';

const site = { title: 'Jest', titleDelimiter: '·' };

describe('documentTitle', () => {
  it('is the page title, then the site name; the home page and a page without a title have one of them', () => {
    expect(documentTitle({ path: '/docs/intro', title: 'Intro' }, site)).toBe('Intro · Jest');
    expect(documentTitle({ path: '/', title: 'Welcome' }, site)).toBe('Welcome');
    expect(documentTitle({ path: '/', title: '' }, site)).toBe('Jest');
    // A React page written for Docusaurus whose <Layout> names no title.
    expect(documentTitle({ path: '/help', title: '' }, site)).toBe('Jest');
  });

  it('is the <Head> title as the page gave it', () => {
    expect(documentTitle({ path: '/', title: 'Home', documentTitle: 'Jest · 🃏 Delightful JavaScript Testing' }, site)).toBe('Jest · 🃏 Delightful JavaScript Testing');
    expect(documentTitle({ path: '/x', title: 'X', documentTitle: '' }, site)).toBe('');
  });
});
