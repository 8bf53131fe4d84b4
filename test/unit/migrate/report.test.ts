import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors.js';
import type { MigrateResult } from '../../../src/migrate/migrate.js';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { formatReport } from '../../../src/migrate/report.js';

function result(problems: SiteError[], notes = new MigrationNotes(), packages: string[] = []): MigrateResult {
  return {
    projectDir: '/p/website',
    outDir: '/p/out',
    configFile: '/p/website/docusaurus.config.js',
    written: ['docs/a.md', 'sipadocs.config.ts'],
    notes,
    problems,
    packages,
    counts: { docs: 0, posts: 0, pages: 0, sidebars: 0 },
  };
}

describe('formatReport', () => {
  it('prints each problem with its message, hint and location relative to the site', () => {
    const problem = new SiteError({
      code: 'FRONT_MATTER_FIELD',
      message: 'sidebar_position must be a number, got "x"',
      hint: 'Write a number.',
      location: { file: 'docs/a.md', line: 2, column: 1 },
    });
    const text = formatReport(result([problem]), '/p');
    expect(text).toContain('out/docs/a.md:2:1: error FRONT_MATTER_FIELD: sidebar_position must be a number, got "x"');
    expect(text).toContain('hint: Write a number.');
  });

  it('never prints an empty message, for problems with or without a location', () => {
    const problems = [
      new SiteError({ code: 'FRONT_MATTER_FIELD', message: 'first', location: { file: 'docs/a.md' } }),
      new SiteError({ code: 'CONFIG_INVALID', message: 'second' }),
      new SiteError({ code: 'FRONT_MATTER_FIELD', message: 'third', location: { file: '/abs/x.md', line: 1 } }),
    ];
    const text = formatReport(result(problems), '/p');
    expect(text).not.toMatch(/error [A-Z_]+: *$/m);
    for (const message of ['first', 'second', 'third']) expect(text).toMatch(new RegExp(`error [A-Z_]+: ${message}$`, 'm'));
  });

  it('says to install the packages the site lists before building it', () => {
    const text = formatReport(result([], new MigrationNotes(), ['clsx', 'react-markdown']), '/p');
    expect(text).toContain('Install the packages its package.json lists (clsx, react-markdown), then build it:\n  npm install --prefix out\n  npx sipadocs build --site out');
    expect(formatReport(result([]), '/p')).not.toContain('npm install');
  });
});

describe('formatReport of a site whose check build stops at packages still to install', () => {
  it('lists each place the build stopped at, located in the new site, and how to install and build', () => {
    const stopped = [
      new SiteError({ code: 'PACKAGE_NOT_INSTALLED', message: 'the package "clsx" is not installed', location: { file: 'src/pages/index.jsx', line: 3, column: 18 } }),
      new SiteError({ code: 'CONFIG_INVALID', message: 'Could not resolve "remark-x"', location: { file: 'sipadocs.config.ts' } }),
      new SiteError({ code: 'CONFIG_INVALID', message: 'Could not resolve "y"' }),
    ];
    const text = formatReport({ ...result([], new MigrationNotes(), ['clsx', 'remark-x', 'y']), build: { pages: 0, warnings: [], needsPackages: true, stoppedAt: stopped } }, '/p');
    expect(text).toContain([
      'Not checked to the end: its build stops at packages that are not installed yet:',
      '  - out/src/pages/index.jsx:3:18: the package "clsx" is not installed',
      '  - out/sipadocs.config.ts: Could not resolve "remark-x"',
      '  - Could not resolve "y"',
    ].join('\n'));
    expect(text).toContain('Install the packages its package.json lists (clsx, remark-x, y), then build it:\n  npm install --prefix out\n  npx sipadocs build --site out');
    expect(text).not.toContain('Checked: the migrated site builds');
  });
});
