// Writes the reader's view of every doc and of the home page of a Docusaurus build, as
// test/fixtures/constructs-docusaurus/reference.json holds it (its README says how it is made).
//   node bin/run-ts.js test/writeDocusaurusReference.ts <docusaurus build folder> <reference.json>
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readerView, type ReaderView } from './readerView.js';

const [buildDir, referenceFile] = process.argv.slice(2);
if (!buildDir || !referenceFile) throw new Error('usage: writeDocusaurusReference.ts <docusaurus build folder> <reference.json>');

const routes = ['/', ...(await readdir(path.join(buildDir, 'docs'))).map((name) => `/docs/${name}`).sort()];
const reference: Record<string, ReaderView> = {};
for (const route of routes) {
  reference[route] = readerView(await readFile(path.join(buildDir, route, 'index.html'), 'utf8'), 'docusaurus');
}
await writeFile(referenceFile, `${JSON.stringify(reference, null, 1)}\n`);
console.log(`${routes.length} pages → ${referenceFile}`);
