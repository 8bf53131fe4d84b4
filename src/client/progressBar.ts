import { translate } from '../shared/translate.js';

/**
 * A thin progress bar at the top of the page, shown only once a navigation has been pending for
 * 200 ms. Settings follow spec §9: minimum 0.08, speed 200 ms, trickle rate 0.02, trickle
 * speed 800 ms, no spinner.
 */
export const PROGRESS = { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 } as const;

export interface ProgressBar {
  start(): void;
  done(): void;
}

export function createProgressBar(doc: Document = document): ProgressBar {
  let delayTimer: ReturnType<typeof setTimeout> | undefined;
  let trickleTimer: ReturnType<typeof setInterval> | undefined;
  let bar: HTMLElement | null = null;
  let value = 0;

  const set = (n: number) => {
    value = Math.min(Math.max(n, PROGRESS.minimum), 1);
    if (bar) bar.style.transform = `translate3d(${(value - 1) * 100}%,0,0)`;
  };
  const show = () => {
    bar = doc.createElement('div');
    bar.id = 'sipa-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', translate({ id: 'sipadocs.progressBar.ariaLabel', message: 'Loading page' }));
    bar.style.transition = `transform ${PROGRESS.speed}ms ease`;
    doc.body.appendChild(bar);
    set(PROGRESS.minimum);
    // Like NProgress: each trickle adds up to trickleRate, never reaching the end before done().
    trickleTimer = setInterval(() => set(Math.min(value + Math.random() * PROGRESS.trickleRate, 0.994)), PROGRESS.trickleSpeed);
  };
  return {
    start() {
      clearTimeout(delayTimer);
      if (bar) return;
      delayTimer = setTimeout(show, PROGRESS.delay);
    },
    done() {
      clearTimeout(delayTimer);
      clearInterval(trickleTimer);
      const finished = bar;
      bar = null;
      if (!finished) return;
      // Nothing is loading any more: the bar only fades out, so assistive technology skips it.
      finished.setAttribute('aria-hidden', 'true');
      finished.style.transform = 'translate3d(0,0,0)';
      setTimeout(() => {
        finished.style.opacity = '0';
        setTimeout(() => finished.remove(), PROGRESS.speed);
      }, PROGRESS.speed);
    },
  };
}
