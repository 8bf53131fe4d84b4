import { useEffect, useMemo, useRef, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import { useNavigation, type Navigation } from '../../src/client/navigation.js';
import { STATIC_HTML_CLASS } from '../../src/shared/staticHtml.js';
import { resolveMarkedWords, translate } from '../../src/shared/translate.js';

/** How long a copy button says "Copied", as CodeBlock does. */
const COPIED_MS = 1500;

/**
 * Content rendered to HTML at build time (pages without components). React mounts the string and
 * never renders inside it, so what the theme's components would do there is done here, from
 * events that bubble up to the content: links to the site navigate client-side and are prefetched
 * as the theme's links are (the payload in view; the chunk too on hover, focus or press), and
 * code blocks' copy buttons copy.
 */
export default function StaticHtml({ html: given }: { html: string }) {
  // The theme's words in content made for every locale, in the page's (see resolveMarkedWords).
  const html = useMemo(() => resolveMarkedWords(given), [given]);
  const nav = useNavigation();
  const ref = useRef<HTMLDivElement>(null);

  // Links in view: their payloads may load ahead (see Navigation.observeLink).
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const stops = [...root.querySelectorAll('a[href]')].filter((anchor) => internalLink(anchor, nav)).map((anchor) => nav.observeLink(anchor, anchor.getAttribute('href')!));
    return () => stops.forEach((stop) => stop());
  }, [html, nav]);

  // The pointer on a link, its focus or a press: its route's payload and chunk may load now.
  const prefetch = (event: MouseEvent | FocusEvent | PointerEvent) => {
    if ('button' in event && event.type === 'pointerdown' && event.button !== 0) return;
    const anchor = internalLink(event.target, nav);
    if (anchor) nav.prefetch(anchor.getAttribute('href')!);
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const copy = target.closest?.('.code-block__copy');
    if (copy instanceof HTMLButtonElement && ref.current?.contains(copy)) {
      void copyCode(copy);
      return;
    }
    const anchor = internalLink(target, nav);
    if (anchor && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented) {
      event.preventDefault();
      nav.navigate(anchor.getAttribute('href')!);
    }
  };

  return (
    <div
      ref={ref}
      className={STATIC_HTML_CLASS}
      onClick={onClick}
      onMouseOver={prefetch}
      onFocus={prefetch}
      onPointerDown={prefetch}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The link an event happened in, when it is a plain link to a page of the site. */
function internalLink(target: EventTarget | null, nav: Navigation): HTMLAnchorElement | null {
  const anchor = (target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download')) return null;
  return nav.isInternal(anchor.getAttribute('href')!) ? anchor : null;
}

/** What CodeBlock's copy button does: copies the block's code and says so for a moment. */
async function copyCode(button: HTMLButtonElement): Promise<void> {
  const text = button.closest('.code-block')?.querySelector('pre')?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    return;
  }
  const copied = translate({ id: 'theme.CodeBlock.copied', message: 'Copied' });
  button.textContent = copied;
  button.setAttribute('aria-label', copied);
  setTimeout(() => {
    button.textContent = translate({ id: 'theme.CodeBlock.copy', message: 'Copy' });
    button.setAttribute('aria-label', translate({ id: 'theme.CodeBlock.copyButtonAriaLabel', message: 'Copy code to clipboard' }));
  }, COPIED_MS);
}
