/**
 * localStorage that never throws: when storage is unavailable (private mode, disabled, quota)
 * one warning is logged and every call becomes a no-op, so each feature keeps working.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

const noop: SafeStorage = { get: () => null, set: () => {}, remove: () => {} };
let shared: SafeStorage | null = null;

export function createSafeStorage(getStorage: () => Storage, warn: (message: string) => void): SafeStorage {
  let storage: Storage;
  try {
    storage = getStorage();
    const probe = '__sipa_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
  } catch (error) {
    warn(`Browser storage is unavailable, so preferences will not be remembered: ${(error as Error).message}`);
    return noop;
  }
  const guard = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => guard(() => storage.getItem(key), null),
    set: (key, value) => guard(() => storage.setItem(key, value), undefined),
    remove: (key) => guard(() => storage.removeItem(key), undefined),
  };
}

/** The page's localStorage, probed once (lazily, so server rendering never touches it). */
export function siteStorage(): SafeStorage {
  if (typeof window === 'undefined') return noop;
  shared ??= createSafeStorage(() => window.localStorage, (message) => console.warn(message));
  return shared;
}

/** Calls `listener` when another tab changes `key`. Returns an unsubscribe function. */
export function onStorageChange(key: string, listener: (value: string | null) => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === key) listener(event.newValue);
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
