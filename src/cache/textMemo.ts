/**
 * What the text of a file reads as, kept by a session between its builds while the text is the
 * same: a watch rebuild after a one-file edit reads that file again, and takes the others' readings
 * as they were (the front matter of every source, say). A reading that throws is not kept.
 */
export interface TextMemo<T> {
  read(file: string, text: string): T;
}

export function createTextMemo<T>(read: (text: string, file: string) => T): TextMemo<T> {
  const kept = new Map<string, { text: string; value: T }>();
  return {
    read(file, text) {
      const known = kept.get(file);
      if (known?.text === text) return known.value;
      const value = read(text, file);
      kept.set(file, { text, value });
      return value;
    },
  };
}
