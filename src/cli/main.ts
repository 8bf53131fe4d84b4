import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOnce } from '../pipeline/build.js';
import { siteFolders } from './siteFolders.js';
import { EXIT, exitCodeFor, reportError, SiteError } from '../errors.js';
import { reportEarlyExit } from './earlyExit.js';
import { GENERATOR_VERSION } from '../version.js';

/** Parses --port: a whole number from 0 to 65535 (0 lets the system pick a free port). */
export function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port <= 65535)) throw new InvalidArgumentError('A port is a whole number from 0 to 65535 (0 picks a free one).');
  return port;
}

/** Collects a repeatable option's values (`--locale fr --locale ja`). */
const repeated = (value: string, previous: string[] = []) => [...previous, value];

/** Writes peak memory, pages and the milliseconds of each build stage to SIPADOCS_STATS_FILE, when set (for the benchmark). */
function writeStats(pages: number, stages: Record<string, number>): void {
  const file = process.env.SIPADOCS_STATS_FILE;
  if (!file) return;
  writeFileSync(file, JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024, pages, stages }));
}

/** Runs the CLI with process.argv-style arguments and resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command()
    .name('sipadocs')
    .description('Build, serve and check the Sipa documentation site.')
    .version(GENERATOR_VERSION, '-v, --version')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('build')
    .description('build the site into static HTML')
    .option('--site <dir>', 'site directory, or a Docusaurus project (default: site, or the current folder when it is a Docusaurus project)')
    .option('--out-dir <dir>', 'output directory (default: build, inside a Docusaurus project)')
    .option('--quiet', 'print only a summary line')
    .option('--locale <locale>', 'build this locale only (repeat it for several; default: every locale of the config)', repeated)
    .action(async (options: { site?: string; outDir?: string; quiet?: boolean; locale?: string[] }) => {
      const done = reportEarlyExit('the build was ended before it finished');
      try {
        const { site, outDir } = siteFolders(options);
        const result = await buildOnce({ siteDir: site, outDir, quiet: options.quiet || Boolean(process.env.CI), locales: options.locale });
        writeStats(result.pages, result.timings);
      } catch (error) {
        reportError(error);
        exitCode = exitCodeFor(error);
      } finally {
        done();
      }
    });

  program
    .command('serve')
    .description('serve the built site locally (builds first when there is no build)')
    .option('--site <dir>', 'site directory, or a Docusaurus project (default: site, or the current folder when it is a Docusaurus project)')
    .option('--out-dir <dir>', 'output directory (default: build, inside a Docusaurus project)')
    .option('--port <port>', 'port (0 to 65535; the next free one when taken)', parsePort, 3000)
    .option('--host <host>', 'host to bind to', '127.0.0.1')
    .option('--watch', 'rebuild on changes and reload open pages')
    .option('--open', 'open the site in the browser')
    .option('--base-url <path>', 'serve the site at this path (default: the base URL it was built for)')
    .option('--locale <locale>', 'with --watch: develop this locale (default: the default locale); without it: build these locales when there is no build', repeated)
    .action(async (options: { site?: string; outDir?: string; port: number; host: string; watch?: boolean; open?: boolean; baseUrl?: string; locale?: string[] }) => {
      const { serve } = await import('../dev/serve.js');
      const done = reportEarlyExit('the server was ended');
      try {
        exitCode = await serve({ ...options, ...siteFolders(options) });
      } finally {
        done();
      }
      // The server has stopped (Ctrl+C, or watching was lost) and closed what it opened; a
      // file-system watcher of a folder deleted while it started can still hold a handle, which
      // must not keep a stopped server's process running without a word.
      const code = exitCode;
      setTimeout(() => process.exit(code), 500).unref();
    });

  program
    .command('write-translations')
    .description('write the files to translate for a locale (code.json, navbar, footer, blog and sidebar labels), as docusaurus write-translations does')
    .option('--site <dir>', 'site directory, or a Docusaurus project (default: site, or the current folder when it is a Docusaurus project)')
    .option('--locale <locale>', 'the locale to write (default: the default locale)')
    .action(async (options: { site?: string; locale?: string }) => {
      const { writeTranslationsCommand } = await import('../pipeline/writeTranslations.js');
      exitCode = await writeTranslationsCommand(siteFolders(options).site, options.locale);
    });

  program
    .command('check-links')
    .description('serve a built site locally and check every link, anchor and image in it')
    .argument('[dir]', 'built site directory', 'build')
    .option('--base-url <path>', 'serve the site at this path (default: the base URL it was built for)')
    .action(async (dir: string, options: { baseUrl?: string }) => {
      const { checkLinksCommand } = await import('../check/command.js');
      exitCode = await checkLinksCommand(dir, options);
    });

  program
    .command('init')
    .description('make a new site in an empty folder')
    .argument('[dir]', 'folder of the new site', 'site')
    .action(async (dir: string) => {
      const { initSite } = await import('../init/initSite.js');
      try {
        const result = initSite(dir);
        const where = path.relative(process.cwd(), result.dir) || '.';
        const site = where === 'site' ? '' : ` --site ${where}`;
        process.stdout.write(`Created a new site in ${where} (${result.files.length} files).\n\nNext:\n  npx sipadocs serve --watch${site}   # build, serve and rebuild on changes\n  npx sipadocs build${site}           # build into build/\n`);
      } catch (error) {
        reportError(error);
        // A folder that is not empty is a wrong argument, not a failed build.
        exitCode = error instanceof SiteError && error.code === 'INIT_NOT_EMPTY' ? EXIT.usage : EXIT.failure;
      }
    });

  program
    .command('migrate')
    .description('turn a Docusaurus 2 or 3 project into a new sipadocs site (the project is only read)')
    .argument('<docusaurus-dir>', 'the Docusaurus project folder (with docusaurus.config.js)')
    .option('--out <dir>', 'new or empty folder for the site (default: <docusaurus-dir>-sipadocs)')
    .action(async (projectDir: string, options: { out?: string }) => {
      const { migrateCommand } = await import('../migrate/command.js');
      exitCode = await migrateCommand(projectDir, options.out);
    });

  program
    .command('docs:version')
    .description('store the current docs and sidebars as a version (as Docusaurus\'s docs:version); docs:version:<id> for another docs instance')
    .argument('<name>', 'the version name, e.g. 2.0')
    .option('--site <dir>', 'site directory', 'site')
    .option('--docs <id>', 'the docs instance', 'default')
    .action(async (name: string, options: { site: string; docs: string }) => {
      const { docsVersionCommand } = await import('../model/snapshotCommand.js');
      exitCode = await docsVersionCommand(options.site, name, options.docs);
    });

  // Docusaurus names the command of another docs instance docs:version:<id>.
  const instanceCommand = /^docs:version:(.+)$/.exec(argv[2] ?? '');
  if (instanceCommand) argv = [argv[0]!, argv[1]!, 'docs:version', '--docs', instanceCommand[1]!, ...argv.slice(3)];

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
      return EXIT.usage;
    }
    reportError(error);
    return EXIT.failure;
  }
  return exitCode;
}
