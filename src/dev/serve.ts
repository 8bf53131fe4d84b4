import { stat } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../build/build.js';
import { reportError } from '../cli/main.js';
import { closeServer, createStaticServer, listenOnFreePort } from './staticServer.js';

export interface ServeOptions {
  site: string;
  outDir: string;
  port: number;
  host: string;
  watch?: boolean;
  open?: boolean;
}

/** Serves the built site like a static host until Ctrl+C; builds first when there is no build. */
export async function serve(options: ServeOptions): Promise<number> {
  const root = path.resolve(options.outDir);
  const hasBuild = await stat(path.join(root, 'index.html')).then(() => true, () => false);
  if (!hasBuild || options.watch) {
    try {
      await buildSite({ siteDir: options.site, outDir: options.outDir, quiet: Boolean(process.env.CI) });
    } catch (error) {
      reportError(error);
      if (!hasBuild) return 1;
    }
  }
  const server = createStaticServer({ root });
  const { url, port } = await listenOnFreePort(server, { host: options.host, port: options.port });
  if (port !== options.port) process.stdout.write(`Port ${options.port} is in use, using ${port} instead.\n`);
  process.stdout.write(`Serving ${path.relative(process.cwd(), root) || '.'} at ${url}\nPress Ctrl+C to stop.\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await closeServer(server);
  process.stdout.write('Server stopped.\n');
  return 0;
}
