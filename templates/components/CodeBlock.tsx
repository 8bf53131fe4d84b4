import { useRef, useState, type ReactNode } from 'react';

export interface CodeBlockProps {
  /** Fence language, shown in the title bar when there is no title. */
  language?: string;
  title?: string;
  showLineNumbers?: string | boolean;
  /** Build-time highlighted `<pre>` as HTML (fenced code in markdown). */
  html?: string;
  /** Plain code text when the component is used directly from MDX. */
  children?: ReactNode;
}

/** A code block with a title bar and a copy button; highlighting happens at build time. */
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
  const body = typeof children === 'string' ? <pre className="shiki"><code>{children.replace(/\n$/, '')}</code></pre> : children;
  return (
    <div ref={ref} className={`code-block${showLineNumbers ? ' code-block--numbered' : ''}`} data-language={language}>
      {title ? <div className="code-block__title">{title}</div> : null}
      <div className="code-block__body">
        {/* The scrolling box is focusable so keyboard users can scroll long lines. */}
        {/* Highlighted HTML is a string in the chunk: far smaller and faster than a tree of spans. */}
        <div
          className="code-block__scroll"
          tabIndex={0}
          role="group"
          aria-label={title ? `Code: ${title}` : language ? `Code (${language})` : 'Code'}
          {...(html !== undefined ? { dangerouslySetInnerHTML: { __html: html } } : { children: body })}
        />
        <button type="button" className="code-block__copy" onClick={copy} aria-label={copied ? 'Copied' : 'Copy code to clipboard'}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
