import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImportGraph } from '../../../src/docusaurus/importGraph.js';
import { tempDir } from '../../helpers.js';

describe('readImportGraph', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let project: string;
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(project, file)), { recursive: true });
    await writeFile(path.join(project, file), text);
  };
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-import-graph-');
    project = path.join(tmp.dir, 'website');
    await write('src/components/Card.js', "import React from 'react';\nimport clsx from 'clsx';\nimport './card.css';\nexport default function Card() { return <div className={clsx('card')} />; }\n");
    await write('src/components/card.css', ".card { background: url('../../static/img/bg.png'); }\n");
    await write('static/img/bg.png', 'png');
    await write('src/pages/clip.mp4', 'mp4');
    await write('src/pages/index.js', [
      "import Layout from '@theme/Layout';",
      "import Card from '@site/src/components/Card';",
      "import styles from './index.module.css';",
      "import clip from './clip.mp4';",
      "import gone from './gone';",
      'export default function Home() { return <Layout><Card /></Layout>; }',
    ].join('\n'));
    await write('src/pages/index.module.css', '.x { color: red; }\n');
  });
  afterAll(() => tmp.cleanup());

  it('follows the project files a page imports (relative or @site/) and lists the packages, without running anything', async () => {
    const graph = await readImportGraph(path.join(project, 'src/pages/index.js'), project);
    expect([...graph.files].map((file) => path.relative(project, file)).sort()).toEqual([
      'src/components/Card.js',
      'src/components/card.css',
      'src/pages/index.js',
      'src/pages/index.module.css',
      'static/img/bg.png',
    ]);
    // JSX itself imports react/jsx-runtime.
    expect([...graph.packages.keys()].sort()).toEqual(['@theme/Layout', 'clsx', 'react', 'react/jsx-runtime']);
    expect(graph.problems).toEqual([
      'src/pages/index.js imports "./clip.mp4", a kind of file sipadocs pages cannot import',
      'src/pages/index.js imports "./gone", which does not exist',
    ]);
  });

  it('reports a syntax error with its position', async () => {
    await write('src/pages/broken.js', 'export default function Broken() {\n  const = 1;\n}\n');
    const graph = await readImportGraph(path.join(project, 'src/pages/broken.js'), project);
    expect(graph.problems).toHaveLength(1);
    expect(graph.problems[0]).toMatch(/^src\/pages\/broken\.js:2:9: /);
  });
});
