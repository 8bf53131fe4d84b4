#!/usr/bin/env node
// Launcher only: compiles the TypeScript CLI on first use (or after a source change) and runs it.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { compileEntries } from './tsImport.js';

const dir = await compileEntries({ cli: 'src/cli/main.ts' });
const { main } = await import(pathToFileURL(path.join(dir, 'cli.mjs')).href);
process.exitCode = await main(process.argv);
