#!/usr/bin/env node
// Launcher only: compiles the TypeScript CLI on first use (or after a source change) and runs it.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { compileEntries } from './tsImport.js';

// Server rendering uses this process's React; its production build is several times faster than
// the development one. Set before anything loads React, so every part agrees on the build.
process.env.NODE_ENV ??= 'production';

const dir = await compileEntries({ cli: 'src/cli/main.ts' });
const { main } = await import(pathToFileURL(path.join(dir, 'cli.mjs')).href);
process.exitCode = await main(process.argv);
