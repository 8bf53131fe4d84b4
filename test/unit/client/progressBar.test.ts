import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressBar, PROGRESS } from '../../../src/client/progressBar.js';

/** The few DOM calls the progress bar makes. */
function fakeDocument() {
  const children: FakeElement[] = [];
  class FakeElement {
    id = '';
    style: Record<string, string> = {};
    attributes: Record<string, string> = {};
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    }
    remove() {
      const i = children.indexOf(this);
      if (i >= 0) children.splice(i, 1);
    }
  }
  const doc = {
    createElement: () => new FakeElement(),
    body: { appendChild: (el: FakeElement) => children.push(el) },
  };
  return { doc: doc as unknown as Document, children };
}

describe('progress bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the settings of spec §9', () => {
    expect(PROGRESS).toEqual({ delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 });
  });

  it('shows nothing before 200 ms, shows the bar after, removes it after done', () => {
    const { doc, children } = fakeDocument();
    const bar = createProgressBar(doc);
    bar.start();
    vi.advanceTimersByTime(199);
    expect(children).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(children).toHaveLength(1);
    expect(children[0]!.id).toBe('sipa-progress');
    expect(children[0]!.attributes.role).toBe('progressbar');
    // starts at the minimum (0.08 → -92%)
    expect(children[0]!.style.transform).toBe('translate3d(-92%,0,0)');
    vi.advanceTimersByTime(PROGRESS.trickleSpeed * 3);
    expect(children).toHaveLength(1);
    bar.done();
    expect(children[0]!.style.transform).toBe('translate3d(0,0,0)');
    vi.advanceTimersByTime(PROGRESS.speed * 2 + 1);
    expect(children).toHaveLength(0);
  });

  it('never shows the bar for a navigation that finishes within 200 ms', () => {
    const { doc, children } = fakeDocument();
    const bar = createProgressBar(doc);
    bar.start();
    vi.advanceTimersByTime(150);
    bar.done();
    vi.advanceTimersByTime(5000);
    expect(children).toHaveLength(0);
  });

  it('trickles forward but never reaches the end before done', () => {
    const { doc, children } = fakeDocument();
    const bar = createProgressBar(doc);
    bar.start();
    vi.advanceTimersByTime(PROGRESS.delay + PROGRESS.trickleSpeed * 50);
    const transform = children[0]!.style.transform!;
    const percent = Number(/translate3d\((-?[\d.]+)%/.exec(transform)![1]);
    expect(percent).toBeGreaterThan(-92);
    expect(percent).toBeLessThan(0);
    bar.done();
  });

  it('restarting while pending shows one bar only', () => {
    const { doc, children } = fakeDocument();
    const bar = createProgressBar(doc);
    bar.start();
    vi.advanceTimersByTime(100);
    bar.start();
    vi.advanceTimersByTime(300);
    bar.start();
    vi.advanceTimersByTime(300);
    expect(children).toHaveLength(1);
    bar.done();
  });
});
