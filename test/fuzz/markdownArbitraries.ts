/**
 * fast-check arbitraries for markdown and MDX pages: realistic fragments (front matter, headings,
 * lists, fences, JSX, expressions, admonitions, HTML, links, tables) put together at random, and
 * mutations of such pages (flipped characters, truncation, stray "{", "<" and "}").
 */
import fc from 'fast-check';

const words = fc.constantFrom('Sipa', 'page', 'router', 'state', 'the', 'init', 'café', '日本語', '😀', 'a_b', '100%', 'x*y', 'a:b', '12:30', '`tick`', '\\', '&amp;', '&#x27;');
const text = fc.array(words, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));

const inline = fc.oneof(
  text,
  text.map((t) => `*${t}*`),
  text.map((t) => `**${t}**`),
  text.map((t) => `\`${t}\``),
  fc.constantFrom('./other.md', './a%23b.md', '../up.mdx', '/docs/x', '/docs/100%25', '#part', 'https://example.com', './100%.md', 'mailto:a@b.c', '<https://x.y>').chain((url) =>
    text.map((t) => `[${t}](${url})`),
  ),
  text.map((t) => `![${t}](./img.png)`),
  fc.constantFrom('{1 + 1}', '{props.x}', '{/* note */}', '{"a" + "b"}', '{`tpl ${1}`}', '{[1, 2].map((n) => n * 2)}'),
  fc.constantFrom('<br />', '<kbd>Ctrl</kbd>', '<b>bold</b>', '<Unknown />', '<span style={{ color: "red" }}>s</span>', '<abbr title="x">y</abbr>'),
  fc.constantFrom(':smile:', ':::', '::name', 'a :b c', '[^1]', '~~strike~~', 'www.example.com', '<!-- comment -->', '&nbsp;'),
);

const paragraph = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));

const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), paragraph, fc.option(fc.constantFrom('{#custom-id}', '{#100%}', '{#a b}', '\\{#escaped}'), { nil: undefined }))
  .map(([level, title, id]) => `${'#'.repeat(level)} ${title}${id ? ` ${id}` : ''}`);

const fence = fc
  .tuple(
    fc.constantFrom('```', '~~~', '````'),
    fc.constantFrom('', 'js', 'ts', 'tsx', 'bash', 'json', 'nosuchlang', 'mdx-code-block', 'js title="app.js" {1,3-4}', 'jsx showLineNumbers'),
    fc.array(fc.constantFrom('const a = 1;', 'console.log(a);', '<div>{x}</div>', '# not a heading', '}', '  indented', ''), { maxLength: 4 }),
    fc.boolean(),
  )
  .map(([marker, info, lines, closed]) => `${marker}${info}\n${lines.join('\n')}${closed ? `\n${marker}` : ''}`);

const table = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), text)
  .map(([columns, rows, cell]) => {
    const row = (c: string) => `| ${Array.from({ length: columns }, () => c).join(' | ')} |`;
    return [row('Head'), `|${' --- |'.repeat(columns)}`, ...Array.from({ length: rows }, () => row(cell))].join('\n');
  });

const esm = fc.constantFrom(
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  'export const meta = { title: "x" };',
  'export function Box({ children }) { return <div>{children}</div>; }',
  "import { missing } from './nowhere.js';",
);

/** Blocks, nested up to a small depth inside quotes, list items, admonitions and JSX. */
const { block } = fc.letrec<{ block: string }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    paragraph,
    heading,
    fence,
    table,
    fc.constantFrom('---', '***', '<!-- truncate -->', '{/* truncate */}', '<div>\n\nraw html\n\n</div>', '<details>\n<summary>More</summary>\n\nHidden.\n\n</details>', '[ref]: https://example.com', '[^1]: A footnote.'),
    tie('block').map((b) => b.split('\n').map((line) => `> ${line}`).join('\n')),
    fc.tuple(fc.constantFrom('- ', '* ', '1. ', '- [ ] ', '- [x] '), tie('block')).map(([marker, b]) => b.split('\n').map((line, i) => (i === 0 ? marker : '  ') + line).join('\n')),
    fc
      .tuple(fc.constantFrom('note', 'tip', 'info', 'caution', 'danger', 'warning', 'unknown'), fc.option(text, { nil: undefined }), tie('block'), fc.constantFrom(':::', '::::'))
      .map(([type, title, b, fenceMarker]) => `${fenceMarker}${type}${title ? ` ${title}` : ''}\n\n${b}\n\n${fenceMarker}`),
    fc
      .tuple(fc.constantFrom('Tabs', 'TabItem value="a" label="A"', 'Admonition type="tip"', 'Details summary="More"', 'div', 'Unknown', 'section className="x"'), tie('block'))
      .map(([tag, b]) => `<${tag}>\n\n${b}\n\n</${tag.split(' ')[0]}>`),
  ),
}));

const frontMatter = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '---\ntitle: A page\ndescription: About it.\n---\n',
    '---\ntitle: "Quoted: yes"\nsidebar_position: 2\ntags: [a, b]\n---\n',
    '---\ntitle: [unclosed\n---\n',
    '---\nsidebar_position: two\n---\n',
    '---\nslug: /custom/route\nid: custom\n---\n',
    '---\ndate: 2024-02-30\nauthors: nobody\n---\n',
    '---\n---\n',
    '---\ntitle: a\n',
    // Tags with markup, entities and what ends a CDATA section: they reach feeds, pages and tag routes.
    '---\ntitle: Tagged\ntags: ["<b>bold</b>", "a & b", "x]]>y", "say \\"hi\\"", "<script>alert(1)</script>"]\n---\n',
  ),
);

/** A page of 1 to 8 blocks, maybe with front matter and (in MDX) imports and exports. */
export const page = (format: 'md' | 'mdx') =>
  fc
    .tuple(frontMatter, format === 'mdx' ? fc.array(esm, { maxLength: 2 }) : fc.constant([]), fc.array(block, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '\r\n'))
    .map(([fm, imports, blocks, newline]) => `${fm}${imports.length ? `${imports.join('\n')}\n\n` : ''}${blocks.join('\n\n')}\n`.replace(/\n/g, newline));

/** One edit a hurried or careless author (or a broken tool) makes to a page. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), char: fc.constantFrom('{', '}', '<', '>', '`', '*', '[', ']', '(', ')', '#', ':', '|', '\\', '\t', '\n', '\u00e9', '\ufffd') }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), insert: fc.constantFrom('{', '<', '}', '</div>', '<Tabs>', '{/*', '*/}', '```', ':::', '---\n', '\n', '<!--', '-->') }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }), times: fc.integer({ min: 2, max: 30 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(source: string, edit: Mutation): string {
  const at = source.length === 0 ? 0 : edit.at % (source.length + 1);
  switch (edit.kind) {
    case 'flip':
      return source.slice(0, at) + edit.char + source.slice(at + 1);
    case 'insert':
      return source.slice(0, at) + edit.insert + source.slice(at);
    case 'truncate':
      return source.slice(0, at);
    case 'repeat':
      return source.slice(0, at) + source.slice(at, at + edit.length).repeat(edit.times) + source.slice(at);
    case 'delete':
      return source.slice(0, at) + source.slice(at + edit.length);
  }
}

/** A page with 1 to 4 mutations. */
export const mutatedPage = (format: 'md' | 'mdx') =>
  fc.tuple(page(format), fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([source, edits]) => edits.reduce(mutate, source));

/**
 * A paragraph of emphasis that nests deeply or never pairs up: a run of "*" or "_" (which opens
 * half its length in levels), alternating markers, or markers that only close. Such lines once
 * took the MDX parser minutes, or ran it out of stack with an error on another line.
 */
export const deepEmphasis = fc.oneof(
  fc.tuple(fc.constantFrom('*', '_', '*_', '**', '_*'), fc.integer({ min: 20, max: 20_000 })).map(([marker, n]) => `${marker.repeat(n)}x${[...marker].reverse().join('').repeat(n)}`),
  fc.tuple(fc.constantFrom('*a ', '_a ', '[a '), fc.integer({ min: 20, max: 10_000 })).map(([opener, n]) => `${opener.repeat(n)}x`),
  fc.tuple(fc.constantFrom('a* ', 'a_ ', 'a** '), fc.integer({ min: 20, max: 20_000 })).map(([closer, n]) => closer.repeat(n)),
);
