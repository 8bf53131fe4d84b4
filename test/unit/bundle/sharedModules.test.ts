import { describe, expect, it } from 'vitest';
import { exportNames, sharedModules, sharedModuleSpecifiers } from '../../../src/bundle/sharedModules.js';

describe('shared module specifiers', () => {
  it("are those of the shared modules, in their order, found without reading the theme's files", () => {
    const specifiers = sharedModuleSpecifiers();
    expect(specifiers).toEqual(sharedModules().map((m) => m.specifier));
    expect(specifiers).toContain('react');
    expect(specifiers.some((s) => s.startsWith('@theme/'))).toBe(true);
    expect(specifiers.some((s) => s.startsWith('@docusaurus/'))).toBe(true);
  });
});

describe('the names a shared module exports', () => {
  it('include those it re-exports by name from another module, so a lazy module can import them from the runtime', () => {
    const text = [
      "export { EditLink } from './EditLink.js';",
      "export { Tabs as TabGroup, type TabProps } from \"./Tabs.js\";",
      "export { Footer as default } from '../layout/Footer.js';",
      'export function useThing() {}',
      'const local = 1;',
      'export { local };',
    ].join('\n');
    expect(exportNames(text).sort()).toEqual(['EditLink', 'TabGroup', 'local', 'useThing']);
  });
});
