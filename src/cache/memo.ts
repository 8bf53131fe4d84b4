/**
 * A value a session keeps in memory for its builds, made on first use and kept while what it is
 * made for (its key) stays the same: another key makes a new one, and the old one is let go
 * (`release`, e.g. stopping its thread). A failed making is not kept.
 */
export interface SessionMemo<K, T> {
  get(key: K): Promise<T>;
  /** Lets go of the value kept, if any. */
  clear(): Promise<void>;
}

export function createSessionMemo<K, T>(make: (key: K) => Promise<T>, release: (value: T) => void | Promise<void> = () => {}): SessionMemo<K, T> {
  let kept: { key: string; value: Promise<T> } | null = null;
  const letGo = async (value: Promise<T> | undefined) => {
    const made = await value?.catch(() => null);
    if (made !== null && made !== undefined) await release(made);
  };
  return {
    get(key) {
      const id = JSON.stringify(key) ?? '';
      if (kept?.key === id) return kept.value;
      void letGo(kept?.value);
      const value = make(key);
      const entry = { key: id, value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = null;
      });
      return value;
    },
    async clear() {
      const value = kept?.value;
      kept = null;
      await letGo(value);
    },
  };
}
