import { EARLY_INPUT_GLOBAL, type EarlyEvent, type EarlyInput } from '../shared/earlyInput.js';

declare global {
  interface Window {
    [EARLY_INPUT_GLOBAL]?: () => EarlyInput;
  }
}

/**
 * Stops the inline script's recording and takes what it recorded. Called just before hydration
 * starts: from then on React receives the events itself (hydrating the part clicked at once).
 */
export function takeEarlyInput(): EarlyInput {
  return window[EARLY_INPUT_GLOBAL]?.() ?? { events: [], link: null };
}

/**
 * The runtime cannot show this page (its data or code did not load): a link the visitor clicked
 * meanwhile is followed as the browser would have, with a page load.
 */
export function followEarlyLink(): void {
  const { link } = takeEarlyInput();
  if (link) location.assign(link);
}

/** Does again, in order, what the visitor did before the page was live, on the same controls. */
export function replayEarlyInput(events: EarlyEvent[]): void {
  for (const { type, target, ...keys } of events) {
    // Hydration keeps the server's elements; one it had to replace is gone, and so is its event.
    if (!target.isConnected) continue;
    if (type === 'click') (target as HTMLElement).click();
    else target.dispatchEvent(new KeyboardEvent('keydown', { ...keys, bubbles: true, cancelable: true }));
  }
}
