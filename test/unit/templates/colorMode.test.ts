import { describe, expect, it } from 'vitest';
import { colorModeScript } from '../../../templates/layout/colorModeScript.js';

/** Runs the head script against a fake page: a stored value, a system preference that can change. */
function runScript(script: string, { stored = null as string | null, system = 'dark' as 'dark' | 'light' | 'none' } = {}) {
  const attributes: Record<string, string> = {};
  const root = { setAttribute: (name: string, value: string) => (attributes[name] = value), style: { colorScheme: '' } };
  const listeners: Array<() => void> = [];
  let current = system;
  const storage = new Map<string, string>(stored === null ? [] : [['theme', stored]]);
  const matchMedia = (query: string) => ({
    get matches() {
      return query.includes('dark') ? current === 'dark' : query.includes('light') ? current === 'light' : false;
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'change' && query.includes('dark')) listeners.push(listener);
    },
  });
  const localStorage = { getItem: (key: string) => storage.get(key) ?? null };
  new Function('document', 'localStorage', 'matchMedia', script)({ documentElement: root }, localStorage, matchMedia);
  return {
    theme: () => attributes['data-theme'],
    colorScheme: () => root.style.colorScheme,
    listeners,
    changeSystem(to: 'dark' | 'light' | 'none') {
      current = to;
      for (const listener of listeners) listener();
    },
    store: (value: string) => storage.set('theme', value),
  };
}

describe('colorModeScript', () => {
  it('uses the stored choice, else the system preference, else the default', () => {
    const script = colorModeScript('dark', true);
    expect(runScript(script, { stored: 'light', system: 'dark' }).theme()).toBe('light');
    expect(runScript(script, { system: 'light' }).theme()).toBe('light');
    expect(runScript(script, { system: 'none' }).theme()).toBe('dark');
    expect(runScript(colorModeScript('light', true), { stored: 'purple', system: 'none' }).theme()).toBe('light');
  });

  it('follows system changes while nothing is stored, and stops once a choice is stored', () => {
    const page = runScript(colorModeScript('dark', true), { system: 'dark' });
    page.changeSystem('light');
    expect(page.theme()).toBe('light');
    expect(page.colorScheme()).toBe('light');
    page.changeSystem('none');
    expect(page.theme()).toBe('dark');
    // The toggle stores "dark" (and sets it); from now on the system is not followed.
    page.store('dark');
    page.changeSystem('light');
    expect(page.theme()).toBe('dark');
    page.changeSystem('none');
    page.changeSystem('light');
    expect(page.theme()).toBe('dark');
    expect(page.listeners).toHaveLength(1);
  });

  it('ignores the system preference entirely when it is not respected', () => {
    const page = runScript(colorModeScript('dark', false), { system: 'light' });
    expect(page.theme()).toBe('dark');
    expect(page.listeners).toHaveLength(0);
    expect(runScript(colorModeScript('dark', false), { stored: 'light' }).theme()).toBe('light');
  });
});
