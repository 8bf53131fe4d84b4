#!/usr/bin/env node
// Runs a TypeScript script of this repository (bench, screenshots, lighthouse): node bin/run-ts.js bench/bench.ts [args]
import { importTs } from './tsImport.js';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bin/run-ts.js <script.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], file, ...rest];
const mod = await importTs(file);
if (typeof mod.main === 'function') process.exitCode = (await mod.main(rest)) ?? 0;
