import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors.js';
import { buildMermaidRuntime, mermaidRuntimeId, mermaidRuntimeUrl } from '../../../src/outputs/mermaidRuntime.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

describe('the diagram runtime', () => {
  it('is named by what it is made from, under the asset folder and the base URL', () => {
    expect(mermaidRuntimeId()).toMatch(/^[0-9a-f]{12}$/);
    expect(mermaidRuntimeUrl('/sub/', '_sipa')).toBe(`/sub/_sipa/mermaid/${mermaidRuntimeId()}/mermaid.js`);
  });

  it('stops the build with MERMAID_NOT_INSTALLED, naming a page with a diagram, when the project has no Mermaid', async () => {
    // A runtime where no node_modules holds Mermaid.
    const source = path.join(tmp.dir, 'mermaidRuntime.ts');
    await writeFile(source, "import mermaid from 'mermaid';\nexport const m = mermaid;\n");
    const error = await buildMermaidRuntime('_sipa', 'docs/diagrams.md', source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({ code: 'MERMAID_NOT_INSTALLED', location: { file: 'docs/diagrams.md' } });
    expect((error as SiteError).hint).toMatch(/npm install mermaid/);
  });
});
