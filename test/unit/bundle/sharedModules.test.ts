import { describe, expect, it } from 'vitest';
import { sharedModules, sharedModuleSpecifiers } from '../../../src/bundle/sharedModules.js';

describe('shared module specifiers', () => {
  it("are those of the shared modules, in their order, found without reading the theme's files", () => {
    const specifiers = sharedModuleSpecifiers();
    expect(specifiers).toEqual(sharedModules().map((m) => m.specifier));
    expect(specifiers).toContain('react');
    expect(specifiers.some((s) => s.startsWith('@theme/'))).toBe(true);
    expect(specifiers.some((s) => s.startsWith('@docusaurus/'))).toBe(true);
  });
});
