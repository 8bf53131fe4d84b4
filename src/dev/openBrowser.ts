import { spawn } from 'node:child_process';

/** Opens a URL in the desktop's default browser; says so instead of failing where there is none. */
export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): void {
  const [command, args] =
    platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => process.stdout.write(`Could not open a browser; visit ${url}\n`));
    child.unref();
  } catch {
    process.stdout.write(`Could not open a browser; visit ${url}\n`);
  }
}
