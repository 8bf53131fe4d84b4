import fc from 'fast-check';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { configFileText, literal } from '../../../src/migrate/sourceText.js';

const evaluate = (source: string): unknown => vm.runInThisContext(`(${source})`);

describe('literal (TypeScript source of config values)', () => {
  it('evaluates back to the same value, whatever the strings hold', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string({ unit: 'binary' }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ unit: 'binary' }), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(evaluate(literal(value, ''))).toEqual(value);
      }),
      { seed: 20261123, numRuns: 150 },
    );
  });

  it('keeps a field named __proto__ a field, not the prototype', () => {
    const value = JSON.parse('{"__proto__": false, "a": {"__proto__": "x"}}') as unknown;
    const source = literal(value, '');
    expect(source).toBe("{ ['__proto__']: false, a: { ['__proto__']: 'x' } }");
    expect(evaluate(source)).toEqual(value);
  });

  it('writes short objects on one line and long ones one field per line', () => {
    expect(literal({ label: 'Blog', to: '/blog', 'aria-label': "it's" }, '')).toBe("{ label: 'Blog', to: '/blog', 'aria-label': 'it\\'s' }");
    const long = literal({ description: 'x'.repeat(90), items: ['a'] }, '');
    expect(long).toBe(`{\n  description: '${'x'.repeat(90)}',\n  items: ['a'],\n}`);
  });

  it('writes a config file that imports defineConfig', () => {
    const text = configFileText({ title: 'Sipa', url: 'https://sipa-js.github.io' }, 'site/docusaurus.config.js');
    expect(text).toContain("import { defineConfig } from 'sipadocs';");
    expect(text).toContain("export default defineConfig({ title: 'Sipa', url: 'https://sipa-js.github.io' });");
  });
});
