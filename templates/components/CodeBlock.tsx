import { Fragment, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { translate } from '../../src/shared/translate.js';

export interface CodeBlockProps {
  /** Fence language, shown in the title bar when there is no title. */
  language?: string;
  title?: string;
  /** Numbers the lines: true, or the number of the first line (`showLineNumbers=5` in a fence). */
  showLineNumbers?: string | boolean | number;
  /** Build-time highlighted `<pre>` as HTML (fenced code in markdown). */
  html?: string;
  /** Plain code text when the component is used directly from MDX. */
  children?: ReactNode;
}

/**
 * A code block with a title bar, a copy button and optional line numbers; highlighting happens at
 * build time. Line numbers are CSS counters, so neither a selection nor the copy button copies them.
 */
export default function CodeBlock({ language, title, showLineNumbers, html, children }: CodeBlockProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const text = ref.current?.querySelector('pre')?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  const code = typeof children === 'string' ? children.replace(/\n$/, '') : null;
  // One span per line, like the highlighted HTML, so lines can be numbered.
  const body = code === null ? children : <pre className="shiki"><code>{code.split('\n').map((line, i) => <Fragment key={i}>{i > 0 ? '\n' : null}<span className="line">{line}</span></Fragment>)}</code></pre>;
  const firstLine = firstLineNumber(showLineNumbers);
  const lineCount = html !== undefined ? html.split('<span class="line').length - 1 : code !== null ? code.split('\n').length : 0;
  return (
    <div
      ref={ref}
      className={`code-block${firstLine === null ? '' : ' code-block--numbered'}`}
      data-language={language}
      style={firstLine === null ? undefined : lineNumberStyle(firstLine, lineCount)}
    >
      {title ? <div className="code-block__title">{title}</div> : null}
      <div className="code-block__body">
        {/* The scrolling box is focusable so keyboard users can scroll long lines. */}
        {/* Highlighted HTML is a string in the chunk: far smaller and faster than a tree of spans. */}
        <div
          className="code-block__scroll"
          tabIndex={0}
          role="group"
          aria-label={title ? translate({ id: 'sipadocs.codeBlock.titledAriaLabel', message: 'Code: {title}' }, { title }) : language ? translate({ id: 'sipadocs.codeBlock.languageAriaLabel', message: 'Code ({language})' }, { language }) : translate({ id: 'sipadocs.codeBlock.ariaLabel', message: 'Code' })}
          {...(html !== undefined ? { dangerouslySetInnerHTML: { __html: html } } : { children: body })}
        />
        <button {...replayedControl} type="button" className="code-block__copy" onClick={copy} aria-label={copied ? translate({ id: 'theme.CodeBlock.copied', message: 'Copied' }) : translate({ id: 'theme.CodeBlock.copyButtonAriaLabel', message: 'Copy code to clipboard' })}>
          {copied ? translate({ id: 'theme.CodeBlock.copied', message: 'Copied' }) : translate({ id: 'theme.CodeBlock.copy', message: 'Copy' })}
        </button>
      </div>
    </div>
  );
}

/** The number of the first line, or null when the lines are not numbered. */
function firstLineNumber(showLineNumbers: CodeBlockProps['showLineNumbers']): number | null {
  if (showLineNumbers === undefined || showLineNumbers === false || showLineNumbers === 'false') return null;
  if (typeof showLineNumbers === 'number' && Number.isInteger(showLineNumbers)) return showLineNumbers;
  if (typeof showLineNumbers === 'string' && /^\d+$/.test(showLineNumbers)) return Number(showLineNumbers);
  return 1;
}

/** The counter's start and a gutter wide enough for the last line's number. */
function lineNumberStyle(firstLine: number, lineCount: number): CSSProperties {
  const digits = String(firstLine + Math.max(lineCount, 1) - 1).length;
  return { '--sd-line-start': firstLine - 1, '--sd-line-digits': digits } as CSSProperties;
}
