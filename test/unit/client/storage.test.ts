import { describe, expect, it, vi } from 'vitest';
import { createSafeStorage } from '../../../src/client/storage.js';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const throwing = (): Storage => {
  const fail = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail } as Storage;
};

describe('createSafeStorage', () => {
  it('reads and writes a working storage', () => {
    const warn = vi.fn();
    const s = createSafeStorage(memoryStorage, warn);
    s.set('a', '1');
    expect(s.get('a')).toBe('1');
    s.remove('a');
    expect(s.get('a')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns once and then does nothing when storage throws', () => {
    const warn = vi.fn();
    const s = createSafeStorage(throwing, warn);
    expect(() => {
      s.set('a', '1');
      s.set('b', '2');
      s.remove('a');
    }).not.toThrow();
    expect(s.get('a')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/storage is unavailable/i);
  });

  it('warns once when even getting the storage throws', () => {
    const warn = vi.fn();
    const s = createSafeStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    }, warn);
    s.set('x', 'y');
    expect(s.get('x')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('swallows later failures (quota) without warning again', () => {
    const warn = vi.fn();
    const store = memoryStorage();
    const s = createSafeStorage(() => store, warn);
    store.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => s.set('a', '1')).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });
});
