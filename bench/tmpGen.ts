import { writeFile } from 'node:fs/promises';
import { generateSite } from './generateSite.js';
export async function main(args: string[]) {
  const [dir, docs] = args;
  await generateSite(dir!, { docs: Number(docs), posts: 100, seed: 1 });
  await writeFile(`${dir}/package.json`, '{"name":"bench","private":true}\n');
}
