import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PatternScanner, RegexEngine } from 'shiki';

/**
 * shiki's Oniguruma engine, started from the package's `onig.wasm` file rather than the copy
 * inlined in its JavaScript (which is unpacked through web streams that load Node's fetch, about
 * 0.1 s), and with one scanner per distinct list of expressions: grammar rules that include the
 * same patterns ask for the same scanner, and compiling it is most of the cost of a first
 * highlight (the Sipa docs ask for 111 scanners, 85 of them distinct).
 */
export async function loadRegexEngine(): Promise<RegexEngine> {
  const [{ createOnigurumaEngine }, wasm] = await Promise.all([
    import('shiki/engine/oniguruma'),
    readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm')),
  ]);
  return withSharedScanners(await createOnigurumaEngine(wasm));
}

/** An engine that compiles each distinct list of expressions once; the scanners live as long as it does. */
export function withSharedScanners(engine: RegexEngine): RegexEngine {
  const scanners = new Map<string, PatternScanner>();
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const key = patterns.map((pattern) => (typeof pattern === 'string' ? pattern : pattern.source)).join('\0');
      let scanner = scanners.get(key);
      if (!scanner) {
        scanner = engine.createScanner(patterns);
        // A grammar disposes of its rules' scanners; a shared one may still serve another rule.
        scanner.dispose = () => {};
        scanners.set(key, scanner);
      }
      return scanner;
    },
  };
}
