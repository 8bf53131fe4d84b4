import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPackageSpecifier, readImportGraph } from '../../../src/docusaurus/importGraph.js';
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

describe('what a page names that is no package', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let project: string;
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-import-graph-names-');
    project = path.join(tmp.dir, 'website');
    await mkdir(path.join(project, 'src/pages'), { recursive: true });
    await mkdir(path.join(project, 'static/img'), { recursive: true });
    await writeFile(path.join(project, 'static/img/logo.svg'), '<svg/>');
    // Fragments of SVG gradients and icons, a static file by its site path, a data URL: none is a package or a missing file.
    await writeFile(
      path.join(project, 'src/pages/icons.module.css'),
      '.a { fill: url(#gradient); background: url(/img/logo.svg); }\n.b { mask: url("#mask-1"); cursor: url(data:image/png;base64,AAAA), auto; }\n',
    );
    await writeFile(path.join(project, 'src/pages/icons.js'), "import styles from './icons.module.css';\nexport default function Icons() { return <svg className={styles.a}><use xlinkHref=\"#logo\" /></svg>; }\n");
  });
  afterAll(() => tmp.cleanup());

  it('takes no fragment, site path or URL for a package or a missing file', async () => {
    const graph = await readImportGraph(path.join(project, 'src/pages/icons.js'), project);
    // The JSX runtime is what JSX compiles to; nothing else.
    expect([...graph.packages.keys()]).toEqual(['react/jsx-runtime']);
    expect(graph.problems).toEqual([]);
  });

  it('knows a package name by npm\'s rules', () => {
    expect(isPackageSpecifier('react-lite-youtube-embed')).toBe(true);
    expect(isPackageSpecifier('@docusaurus/Link')).toBe(true);
    expect(isPackageSpecifier('prism-react-renderer/themes/github')).toBe(true);
    expect(isPackageSpecifier('#logo')).toBe(false);
    expect(isPackageSpecifier('url(#a)')).toBe(false);
    expect(isPackageSpecifier('https://example.org/x.js')).toBe(false);
  });
});
