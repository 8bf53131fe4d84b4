import { useEffect, useState, type ReactNode } from 'react';
import { LiveEditor, LiveError, LivePreview, LiveProvider } from 'react-live';
import ReactLiveScope from './ReactLiveScope.js';
import { translate } from '../../src/shared/translate.js';

export interface LiveCodeBlockProps {
  /** The code (a fence's content); or give it as the children. */
  code?: string;
  children?: ReactNode;
  language?: string;
  title?: string;
  /** More names the code can use, beside the scope of `@theme/ReactLiveScope`. */
  scope?: Record<string, unknown>;
  /** The code calls `render(<Element />)` itself instead of being one expression, as react-live's option. */
  noInline?: boolean;
}

/** Colours of the editor's tokens, the theme's own (prism-react-renderer's theme shape; the values are CSS). */
const EDITOR_THEME = {
  plain: { color: 'var(--sd-color-text)', backgroundColor: 'var(--sd-color-code-bg)' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: 'var(--sd-color-muted)', fontStyle: 'italic' as const } },
    { types: ['keyword', 'operator', 'tag'], style: { color: 'var(--sd-live-keyword)' } },
    { types: ['string', 'char', 'attr-value', 'template-string'], style: { color: 'var(--sd-live-string)' } },
    { types: ['function', 'class-name', 'attr-name', 'maybe-class-name'], style: { color: 'var(--sd-live-name)' } },
    { types: ['number', 'boolean', 'constant'], style: { color: 'var(--sd-live-number)' } },
    { types: ['punctuation'], style: { color: 'var(--sd-color-muted)' } },
  ],
};

/** The names a scope gives the code: those a parameter can have (a site's scope may be a module namespace, with its `default`). */
function codeScope(scope: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(scope).filter(([name]) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name)));
}

/**
 * `@theme/LiveCodeBlock`: a code block whose code runs in the page, as Docusaurus's live code
 * blocks (```` ```jsx live ````): an editor, and under it the element the code makes, drawn again
 * at each edit, or the error it throws. The page's HTML holds the code; the result is drawn once
 * the page's script runs. Only pages with a live block load it (and react-live).
 */
export default function LiveCodeBlock({ code, children, language = 'jsx', title, scope, noInline = false }: LiveCodeBlockProps) {
  const source = (code ?? (typeof children === 'string' ? children : '')).replace(/\n$/, '');
  // The result exists only in the browser: the server renders the editor and a placeholder.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="live-code">
      <div className="live-code__header">{title ?? translate({ id: 'theme.Playground.liveEditor', message: 'Live Editor' })}</div>
      <LiveProvider code={source} language={language} scope={codeScope({ ...ReactLiveScope, ...scope })} noInline={noInline} theme={EDITOR_THEME} enableTypeScript={/^tsx?$/.test(language)}>
        <LiveEditor className="live-code__editor" />
        <div className="live-code__header">{translate({ id: 'theme.Playground.result', message: 'Result' })}</div>
        <div className="live-code__result">
          {mounted ? (
            <>
              <LivePreview />
              <LiveError className="live-code__error" />
            </>
          ) : (
            <span className="live-code__loading">{translate({ id: 'sipadocs.liveCode.loading', message: 'Loading…' })}</span>
          )}
        </div>
      </LiveProvider>
    </div>
  );
}
