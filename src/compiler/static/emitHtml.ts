/**
 * The second step of the fast path: a collected part (collectPart.ts) written as HTML, as the MDX
 * path renders it. What this module writes itself is plain HTML, with the line breaks the MDX path
 * puts between elements; the theme's components (headings, links, images, code blocks, tables,
 * admonitions) come from their shells (themeShells.ts), with the content in their slot.
 */
import type { Token } from 'markdown-it';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { CollectedPart } from './collectPart.js';
import { NotStatic } from './notStatic.js';
import { ADMONITION_OPEN, admonitionParams, attribute } from './parser.js';
import { admonitionTitle } from './staticText.js';
import type { ThemeShells } from './themeShells.js';

/** The part's content as HTML. Throws NotStatic where a shell cannot hold it. */
export function emitHtml(part: CollectedPart, shells: ThemeShells): string {
  return new HtmlEmitter(part, shells)
    .blocks(0, part.tokens.length)
    .map((block) => block.html)
    .join('\n');
}

/** A rendered block, and for a paragraph its content (a tight list item shows it without `<p>`). */
interface Block {
  html: string;
  paragraph: { inner: string; hidden: boolean } | null;
}

class HtmlEmitter {
  constructor(
    private readonly part: CollectedPart,
    private readonly shells: ThemeShells,
  ) {}

  /** The blocks of tokens [from, to), each rendered. */
  blocks(from: number, to: number): Block[] {
    const out: Block[] = [];
    for (let i = from; i < to; i++) {
      const token = this.part.tokens[i]!;
      const close = token.nesting === 1 ? this.part.closing[i]! : i;
      const block = this.block(token, i, close);
      if (block) out.push(block);
      i = close;
    }
    return out;
  }

  private block(token: Token, index: number, close: number): Block | null {
    const { tokens } = this.part;
    switch (token.type) {
      case 'paragraph_open': {
        const inner = this.inline(tokens[index + 1]!);
        return { html: `<p>${inner}</p>`, paragraph: { inner, hidden: token.hidden } };
      }
      case 'heading_open':
        return { html: this.heading(token, this.inline(tokens[index + 1]!)), paragraph: null };
      case 'blockquote_open':
        return { html: `<blockquote>${wrap(this.blocks(index + 1, close).map((b) => b.html))}</blockquote>`, paragraph: null };
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const start = attribute(token, 'start');
        const open = token.type === 'bullet_list_open' ? '<ul>' : start === null ? '<ol>' : `<ol start="${escapeHtml(start)}">`;
        const items = this.blocks(index + 1, close).map((b) => b.html);
        return { html: `${open}${wrap(items)}${token.type === 'bullet_list_open' ? '</ul>' : '</ol>'}`, paragraph: null };
      }
      case 'list_item_open':
        return { html: `<li>${listItem(this.blocks(index + 1, close))}</li>`, paragraph: null };
      case 'hr':
        return { html: '<hr/>', paragraph: null };
      case 'fence':
      case 'code_block':
        return { html: this.codeBlock(token), paragraph: null };
      case 'table_open':
        return { html: this.table(index, close), paragraph: null };
      case ADMONITION_OPEN:
        return { html: this.admonition(token, index, close), paragraph: null };
      case 'definition':
        return null;
      default:
        throw new NotStatic(`a block of type ${token.type}`);
    }
  }

  private heading(token: Token, inner: string): string {
    const element = this.part.headings.get(token)!;
    const id = String(element.properties.id ?? '');
    const level = Number(token.tag.slice(1));
    if (level >= 2 && level <= 4) {
      const text = (element.children[0] as { value: string }).value;
      const shell = this.shells.heading(level as 2 | 3 | 4, id, text);
      if (!shell) throw new NotStatic('a heading holding the slot marker');
      return `${shell[0]}${inner}${shell[1]}`;
    }
    return `<${token.tag} id="${escapeHtml(id)}">${inner}</${token.tag}>`;
  }

  private codeBlock(token: Token): string {
    const node = this.part.hast.children[this.part.codeBlocks.get(token)!] as unknown as MdxJsxFlowElement;
    const props: Record<string, string> = {};
    for (const attribute of node.attributes as MdxJsxAttribute[]) props[attribute.name] = String(attribute.value);
    return this.shells.codeBlock(props);
  }

  /** A GFM table: cells without white space between them (the MDX path drops it), in the theme's wrapper. */
  private table(index: number, close: number): string {
    let html = '';
    for (let i = index + 1; i < close; i++) {
      const token = this.part.tokens[i]!;
      if (token.type === 'inline') {
        html += this.inline(token);
      } else if (token.nesting === 1) {
        const style = attribute(token, 'style');
        html += style === null ? `<${token.tag}>` : `<${token.tag} style="${escapeHtml(style)}">`;
      } else {
        html += `</${token.tag}>`;
      }
    }
    const shell = this.shells.table();
    return `${shell![0]}${html}${shell![1]}`;
  }

  /** An admonition: its blocks follow each other without line breaks (JSX children), in the theme's box. */
  private admonition(token: Token, index: number, close: number): string {
    const params = admonitionParams(token.info)!;
    const title = params.title === null ? undefined : admonitionTitle(this.part.parser, this.part.format, params.title);
    const shell = this.shells.admonition(params.type, title || undefined);
    if (!shell) throw new NotStatic('an admonition title holding the slot marker');
    const inner = this.blocks(index + 1, close)
      .map((b) => b.html)
      .join('');
    return `${shell[0]}${inner}${shell[1]}`;
  }

  private inline(token: Token): string {
    let html = '';
    const after: string[] = [];
    for (const child of token.children ?? []) {
      switch (child.type) {
        case 'text':
        case 'text_special':
          html += escapeHtml(child.content);
          break;
        case 'code_inline':
          html += `<code>${escapeHtml(child.content)}</code>`;
          break;
        case 'softbreak':
          html += '\n';
          break;
        case 'hardbreak':
          html += '<br/>\n';
          break;
        case 'em_open':
        case 'strong_open':
          html += `<${child.tag}>`;
          break;
        case 'em_close':
        case 'strong_close':
          html += `</${child.tag}>`;
          break;
        case 'link_open': {
          const { element } = this.part.links.get(child)!;
          const title = element.properties.title;
          const shell = this.shells.link(String(element.properties.href), title === undefined ? undefined : String(title));
          if (!shell) throw new NotStatic('a link holding the slot marker');
          html += shell[0];
          after.push(shell[1]);
          break;
        }
        case 'link_close':
          html += after.pop();
          break;
        case 'image':
          html += this.shells.image(this.part.images.get(child)!.properties as Record<string, string | number>);
          break;
        default:
          throw new NotStatic(`inline content of type ${child.type}`);
      }
    }
    return html;
  }
}

/** Children on lines of their own, as mdast-util-to-hast wraps block quotes and lists. */
function wrap(children: string[]): string {
  return children.length === 0 ? '\n' : `\n${children.join('\n')}\n`;
}

/** A list item's content as mdast-util-to-hast lays it out (tight paragraphs lose their `<p>`). */
function listItem(children: Block[]): string {
  const loose = children.some((child) => child.paragraph && !child.paragraph.hidden);
  let html = '';
  children.forEach((child, i) => {
    if (loose || i !== 0 || !child.paragraph) html += '\n';
    html += child.paragraph && !loose ? child.paragraph.inner : child.html;
  });
  const tail = children[children.length - 1];
  if (tail && (loose || !tail.paragraph)) html += '\n';
  return html;
}

/** Text and attribute values escaped as React writes them. */
function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
