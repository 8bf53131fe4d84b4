#!/usr/bin/env node
// Launcher only. An installed package runs its prebuilt dist/; this repository compiles the
// TypeScript CLI on first use (or after a source change) and runs that.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// V8 optimizes a function once it has run this much code (7 times its default): a build is a short
// process whose compiler threads otherwise spend about a quarter of its CPU optimizing functions that
// run only a little longer. Code that runs long, as in a large build, is optimized as before.
if (!process.execArgv.some((arg) => arg.startsWith('--interrupt-budget'))) setFlagsFromString('--interrupt-budget=500000');

// Server rendering uses this process's React; its production build is several times faster than
// the development one. Set before anything loads React, so every part agrees on the build.
process.env.NODE_ENV ??= 'production';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let cli = path.join(root, 'dist', 'cli.mjs');
if (existsSync(path.join(root, 'src', 'cli', 'main.ts'))) {
  const { compileEntries } = await import('./tsImport.js');
  cli = path.join(await compileEntries({ cli: 'src/cli/main.ts' }), 'cli.mjs');
}
const { main } = await import(pathToFileURL(cli).href);
process.exitCode = await main(process.argv);
