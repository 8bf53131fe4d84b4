/**
 * fast-check arbitraries for the differential test: pages made of the markdown that static pages
 * hold (headings, paragraphs, emphasis, code, links, images, lists, quotes, tables, fences,
 * admonitions), written the many ways authors write them (indentation, tabs, lazy lines, setext
 * headings, references, entities and escapes, titles, trailing spaces), with fragments that
 * static pages must not hold mixed in, so the gate is tried on its edges too.
 */
import fc from 'fast-check';

const word = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('Sipa', 'page', 'router', 'the', 'state', 'init', 'café', '日本語', '😀', 'a_b', 'snake_case', '100%', 'a:b', '\\*', '\\_', '\\\\', '\\#', '&amp;', '&copy;', '&#x27;', '&nbsp;', '&bogus;', '"quoted"', "it's", '#hash', '|', 'a|b', '\\|', '!', '(', ')', '-', '1.'),
  },
  // Words that are syntax in some places: emphasis delimiters left as text, brackets, markers.
  fc.constantFrom('x*y', '2*3', '12:30', 'foo_', '*', '_', '**', '[', ']', '>', '+', '#'),
);
const words = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));

const url = fc.constantFrom(
  '/docs/x', '/docs/x#part', '/docs/a b', '<./guide.md>', './guide.md', '/cli/top.md#x', './guide.md?tab=1#setup', './guide.md#setup', '../up.mdx', './missing.md', './a%23b.md', './100%.md', 'guide.md',
  '#part', 'https://example.com/a?b=c', 'mailto:a@b.c', '//cdn.example/x', '/img/a.png', './img/chart.png', './img/missing.png', '', '<>', '/docs/a\\_b', '/docs/&amp;x', 'javascript:alert(1)', '/päge',
);
const title = fc.constantFrom('', ' "Title"', " 'single'", ' (paren)', ' ""', ' "with \\"quote\\""', ' "multi\nline"');

const inline: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: words },
  words.map((t) => `*${t}*`),
  words.map((t) => `**${t}**`),
  words.map((t) => `_${t}_`),
  words.map((t) => `***${t}***`),
  words.map((t) => `\`${t}\``),
  words.map((t) => `\`\` ${t} \`\``),
  fc.tuple(words, url, title).map(([t, u, ti]) => `[${t}](${u}${ti})`),
  fc.tuple(words, url).map(([t, u]) => `![${t}](${u})`),
  fc.tuple(words, url).map(([t, u]) => `[![${t}](${u})](${u})`),
  fc.tuple(words, fc.constantFrom('ref', 'Ref', 'other')).map(([t, r]) => `[${t}][${r}]`),
  fc.constantFrom('[ref]', '[ref][]', '![ref]', '<https://example.com>', '<a@b.co>', 'trailing  ', 'back\\', 'x\ty', '\\<', '\\{', '&lt;b&gt;'),
  // Math, and dollars that may be.
  fc.constantFrom('$x^2$', '$5', '\\$', '$$a$$'),
  // What static pages must not hold (GFM and MDX syntax, directives); the gate or the renderer refuses them.
  fc.constantFrom('~one~', '~~two~~', 'www.example.com', 'https://example.com', 'a@b.co', '[^1]', ':smile:', ':abbr[x]{title=y}', '{1 + 1}', '<kbd>K</kbd>', '<br/>', '<!-- c -->'),
);

const paragraph = fc.array(inline, { minLength: 1, maxLength: 6 }).chain((parts) =>
  fc.constantFrom(' ', '\n', '  \n', '\\\n', '\n   ', '\t').map((joint) => parts.join(joint)),
);

const heading = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 6 }), paragraph.map((p) => p.replace(/\n/g, ' ')), fc.constantFrom('', ' {#custom-id}', ' {#Other_ID}', ' #', ' ##', '  ')).map(([level, text, end]) => `${'#'.repeat(level)} ${text}${end}`),
  fc.tuple(paragraph, fc.constantFrom('===', '---', '= =')).map(([text, line]) => `${text}\n${line}`),
);

const fence = fc
  .tuple(
    fc.constantFrom('```', '~~~', '````', '  ```'),
    fc.constantFrom('', 'js', 'ts', 'bash', 'json', 'text', 'nosuchlang', 'js title="app.js" {1,3-4}', 'jsx showLineNumbers', 'ts showLineNumbers=5 title=\'x.ts\'', 'js {2}', 'math', 'mermaid'),
    fc.array(
      fc.constantFrom(
        'const a = 1;', 'console.log(a);', '<div>{x}</div>', '# not a heading', '', '  indented', '\tTabbed', ':::', '[link](/docs/x)',
        // Magic comments and shiki's notations, in several comment syntaxes.
        '// highlight-next-line', '# highlight-start', '# highlight-end', '  {/* highlight-next-line */}', '<!-- highlight-start -->', '// This will error', 'x(); // [!code ++]', '// [!code focus:2]',
      ),
      { maxLength: 4 },
    ),
    fc.boolean(),
  )
  .map(([marker, info, lines, closed]) => {
    const indent = marker.match(/^ */)![0];
    const fenceChars = marker.trim();
    return `${marker}${info}\n${lines.map((l) => indent + l).join('\n')}${closed ? `\n${indent}${fenceChars}` : ''}`;
  });

const table = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), inline, fc.constantFrom('---', ':--', '--:', ':-:'), fc.boolean())
  .map(([columns, rows, cell, align, pipes]) => {
    const row = (c: string) => (pipes ? `| ${Array.from({ length: columns }, () => c).join(' | ')} |` : Array.from({ length: columns }, () => c).join(' | '));
    return [row('Head'), `|${` ${align} |`.repeat(columns)}`, ...Array.from({ length: rows }, (_, i) => (i === 1 ? row(cell).replace(/ \|[^|]*\|?$/, '') : row(cell)))].join('\n');
  });

const definition = fc.tuple(fc.constantFrom('ref', 'Ref', 'other'), url, title).map(([label, u, t]) => `[${label}]: ${u || '/fallback'}${t.replace('\n', ' ')}`);

const indentBy = (block: string, prefix: string, rest = ' '.repeat(prefix.length)) => block.split('\n').map((line, i) => (i === 0 ? prefix : line === '' ? '' : rest) + line).join('\n');

/** Blocks, nested a little inside quotes, list items and admonitions. */
const { block } = fc.letrec<{ block: string }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: paragraph },
    heading,
    fence,
    table,
    definition,
    fc.constantFrom('---', '***', '_ _ _', '    indented code', '\tindented by tab', '<!-- truncate -->', '{/* truncate */}', '  para with two spaces', '   - three-space item', '1) paren', '3. three', '0. zero'),
    // GitHub alerts, and quotes that only look like one.
    fc.tuple(fc.constantFrom('[!NOTE]', '[!tip]', '[!WARNING]', '[!CAUTION] x', '[!OTHER]'), paragraph).map(([marker, text]) => `> ${marker}\n${indentBy(text, '> ', '> ')}`),
    tie('block').map((b) => indentBy(b, '> ', '> ')),
    tie('block').map((b) => indentBy(b, '>', '')),
    fc.tuple(fc.constantFrom('- ', '* ', '+ ', '1. ', '2) ', '-   ', '- \t'), fc.array(tie('block'), { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', '\n\n'))
      .map(([marker, items, between]) => items.map((b) => indentBy(b, marker, ' '.repeat(marker.replace('\t', '    ').length))).join(between)),
    fc.tuple(fc.constantFrom('- ', '1. '), tie('block'), tie('block')).map(([marker, a, b]) => `${indentBy(a, marker)}\n\n${indentBy(b, ' '.repeat(marker.length))}`),
    fc
      .tuple(fc.constantFrom('note', 'tip', 'info', 'caution', 'danger', 'warning', 'important', 'success', 'secondary', 'unknown'), fc.constantFrom('', ' Title', '[Label]', ' Two words', ' With *emphasis*', '[]'), tie('block'), fc.constantFrom(':::', '::::'), fc.boolean())
      .map(([type, label, b, colons, blank]) => (blank ? `${colons}${type}${label}\n\n${b}\n\n${colons}` : `${colons}${type}${label}\n${b}\n${colons}`)),
  ),
}));

/** A page of 1 to 8 blocks, separated as authors separate them. */
export const staticPage = fc
  .tuple(fc.array(block, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n\n', '\n', '\n\n\n'), fc.constantFrom('', '\n', '\n\n\n'))
  .map(([blocks, between, leading]) => `${leading}${blocks.join(between)}\n`);
