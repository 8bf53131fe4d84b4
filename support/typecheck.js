#!/usr/bin/env node
// `npm run typecheck`: the three TypeScript projects (Node code, the browser side, the tests and
// benchmarks; see CONTRIBUTING.md), checked side by side rather than one after the other. Each
// one's output is printed whole, in this order; the exit code is the first failing one's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = ['tsconfig.json', 'src/client/tsconfig.json', 'test/tsconfig.json'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const runs = PROJECTS.map(
  (project) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', (error) => resolve({ project, code: 1, output: `${output}${error.message}\n` }));
      child.on('close', (code, signal) => resolve({ project, code: code ?? 1, output: signal ? `${output}tsc ended by ${signal}\n` : output }));
    }),
);

let exitCode = 0;
for (const { project, code, output } of await Promise.all(runs)) {
  if (output) process.stdout.write(output);
  if (code !== 0) {
    process.stdout.write(`tsc -p ${project} failed\n`);
    exitCode ||= code;
  }
}
process.exitCode = exitCode;
