import { useEffect, useState } from 'react';
import type { TocItem } from '../../src/shared/types.js';
import { translate } from '../../src/shared/translate.js';

/**
 * Right-hand table of contents that highlights the section being read: the page's heading levels
 * (h2–h3 unless the site or the page says otherwise, up to h6), each level indented below the one
 * above it.
 */
export function TableOfContents({ items }: { items: TocItem[] }) {
  const [activeId, setActiveId] = useState<string | null>(null);
  useEffect(() => {
    const headings = items.map((item) => document.getElementById(item.id)).filter((el): el is HTMLElement => el !== null);
    if (headings.length === 0) return;
    const onScroll = () => {
      let current: string | null = headings[0]!.id;
      for (const heading of headings) {
        if (heading.getBoundingClientRect().top < 120) current = heading.id;
      }
      setActiveId(current);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [items]);
  if (items.length === 0) return null;
  const minLevel = Math.min(...items.map((item) => item.level));
  return (
    <nav className="toc" aria-label={translate({ id: 'theme.TOCCollapsible.toggleButtonLabel', message: 'On this page' })}>
      <p className="toc__title">{translate({ id: 'theme.TOCCollapsible.toggleButtonLabel', message: 'On this page' })}</p>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={`toc__item toc__item--level-${item.level - minLevel}`}>
            <a className={`toc__link${item.id === activeId ? ' toc__link--active' : ''}`} href={`#${item.id}`}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
