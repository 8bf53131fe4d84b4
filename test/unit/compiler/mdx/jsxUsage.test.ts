import { describe, expect, it } from 'vitest';
import { usesJsx } from '../../../../src/compiler/mdx/jsxUsage.js';

describe('usesJsx', () => {
  it('sees imports, exports, components, fragments, attribute expressions, MDX comments and mdx-code-block fences', () => {
    for (const body of [
      'import Tabs from "@theme/Tabs";\n\nText.',
      "import './styles.css';",
      'export const meta = { a: 1 };',
      'Text <Highlight color="red">x</Highlight>.',
      '<>\n  a\n</>',
      '<div style={{ color: "red" }}>x</div>',
      '<span {...props} />',
      'A note {/* hidden */}.',
      '```mdx-code-block\nimport X from "x";\n```',
    ]) {
      expect(usesJsx(body), body).toBe(true);
    }
  });

  it('does not count HTML, prose that looks like code, or anything inside code', () => {
    for (const body of [
      '<!-- a comment -->\n\n<a name="x"></a>\n\n### f() ⇒ <code>string</code>\n\n<br>\n<details><summary>s</summary>x</details>',
      'Import the module and export the result, then compare a < b.',
      'Options are {cache: true}.',
      '```jsx\nimport X from "x";\n<X {...props} />\n```',
      'Write `<Tabs>` or `export const a = 1` in code spans.',
    ]) {
      expect(usesJsx(body), body).toBe(false);
    }
  });
});
