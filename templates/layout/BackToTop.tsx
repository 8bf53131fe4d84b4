import { useEffect, useState, type MouseEvent } from 'react';
import { translate } from '../../src/shared/translate.js';

/**
 * A button that appears once the visitor has scrolled more than two screens down and takes them
 * back to the top: smoothly, unless they prefer reduced motion. Used from the keyboard, it also
 * moves the focus to the main content, since the button itself disappears.
 */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(scrollY > 2 * innerHeight);
    update();
    addEventListener('scroll', update, { passive: true });
    return () => removeEventListener('scroll', update);
  }, []);
  if (!shown) return null;
  const toTop = (event: MouseEvent) => {
    scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    // detail is 0 for a click made with the keyboard.
    if (event.detail === 0) document.getElementById('main-content')?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="back-to-top" aria-label={translate({ id: 'theme.BackToTopButton.buttonAriaLabel', message: 'Back to top' })} onClick={toTop}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M12 19V5M5 12l7-7 7 7" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
    </button>
  );
}
