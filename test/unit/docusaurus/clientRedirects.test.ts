import { describe, expect, it } from 'vitest';
import { isClientRedirectsPlugin, readClientRedirects } from '../../../src/docusaurus/clientRedirects.js';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';

describe('the client-redirects plugin, migrated', () => {
  it('is found by its name, however it is written', () => {
    expect(isClientRedirectsPlugin(['@docusaurus/plugin-client-redirects', {}])).toBe(true);
    expect(isClientRedirectsPlugin('/p/node_modules/@docusaurus/plugin-client-redirects/lib/index.js')).toBe(true);
    expect(isClientRedirectsPlugin(['@docusaurus/plugin-pwa', {}])).toBe(false);
  });

  it('carries redirects and extensions, and reports createRedirects, which it cannot run', () => {
    const notes = new MigrationNotes();
    const redirects = readClientRedirects(
      ['@docusaurus/plugin-client-redirects', {
        fromExtensions: ['html', 'htm'],
        toExtensions: ['zip'],
        redirects: [{ from: '/old', to: '/docs/intro' }, { from: ['/a', '/b'], to: '/docs/x' }, { to: '/nowhere' }],
        createRedirects: { $function: 'createRedirects' },
      }],
      'plugins.0',
      notes,
    );
    expect(redirects).toEqual({
      fromExtensions: ['html', 'htm'],
      toExtensions: ['zip'],
      pages: [{ from: '/old', to: '/docs/intro' }, { from: ['/a', '/b'], to: '/docs/x' }],
    });
    expect(notes.notCarriedItems.map((n) => n.item)).toEqual(['plugins.0.options.redirects.2: {"to":"/nowhere"}', 'plugins.0.options.createRedirects: a function (createRedirects)']);
    expect(notes.carried).toEqual(['@docusaurus/plugin-client-redirects: 2 redirects, fromExtensions html, htm, toExtensions zip, as redirect pages and _redirects']);
  });
});
