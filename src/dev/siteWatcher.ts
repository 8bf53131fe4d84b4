import { watch as watchFolder, statSync, type FSWatcher as FolderWatcher } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { SiteError } from '../errors.js';

/** What the site watcher reports. */
export interface SiteWatchEvents {
  /** A file (or folder) under a watched folder was added, changed or removed; an absolute path. */
  change(file: string): void;
  /** The site folder is gone (deleted, or moved away). */
  gone(): void;
  /** The site folder is there again (or was replaced by another): everything in it may have changed. */
  back(): void;
  /** Watching cannot go on: the folder holding the site is gone, or the file-system watcher failed. */
  fatal(error: SiteError): void;
}

export interface SiteWatcher {
  close(): Promise<void>;
}

export interface SiteWatchOptions {
  siteDir: string;
  /** Other folders to watch for changes (the theme, when running from sources). */
  extraDirs: string[];
  ignored(file: string): boolean;
}

/**
 * Watches the site folder for changes and survives its disappearance: the folder holding it is
 * watched too, and when the site folder is deleted and created again, or moved away and back (a
 * branch switch, a restore from a backup), its watcher is started again on what is there now.
 * A file-system watcher stops for good on a folder that goes away, which would leave the server
 * serving an old build while nothing is watched any more.
 */
export async function watchSite(options: SiteWatchOptions, events: SiteWatchEvents): Promise<SiteWatcher> {
  const siteDir = path.resolve(options.siteDir);
  const parent = path.dirname(siteDir);
  const name = path.basename(siteDir);
  let content: FSWatcher | null = null;
  let closed = false;
  let failed = false;
  /** The site folder's identity when its watcher started; null while it is gone. */
  let watching: string | null = null;
  /**
   * The identity of the folder holding the site. A folder there with another identity is not
   * the one watched (its watcher stopped with the old one): it was deleted and made again, by a
   * restore or by a build of this session writing its cache into the project while it was being
   * deleted; the site is not followed into it.
   */
  const parentIdentity = identity(parent);

  const fail = (message: string, hint: string) => {
    if (failed || closed) return;
    failed = true;
    events.fatal(new SiteError({ code: 'WATCH_FAILED', message, hint }));
  };

  const startContent = async () => {
    const watcher = watch([siteDir, ...options.extraDirs], { ignoreInitial: true, ignored: options.ignored });
    watcher.on('all', (_event, file) => events.change(path.resolve(file)));
    watcher.on('error', (error) =>
      fail(`watching ${siteDir} failed: ${(error as Error).message}`, 'Start `serve --watch` again; on Linux, a watcher limit may need raising (fs.inotify.max_user_watches).'),
    );
    await new Promise<void>((resolve, reject) => {
      watcher.once('ready', resolve);
      watcher.once('error', reject);
    });
    return watcher;
  };

  // Several events come for one move or deletion: they are looked at once, together.
  let checking: Promise<void> = Promise.resolve();
  let recheck = false;
  const check = async () => {
    if (closed || failed) return;
    const parentNow = identity(parent);
    if (parentNow !== parentIdentity) {
      const replaced = parentNow !== null ? ' (a new folder was made in its place)' : '';
      fail(`the folder holding the site, ${parent}, is gone${replaced}: there is nothing left to watch`, 'Put the site back and start `serve --watch` again.');
      return;
    }
    const now = identity(siteDir);
    // The same folder, still there: not a change of the folder itself.
    if (now !== null && now === watching && !recheck) return;
    recheck = false;
    const previous = content;
    content = null;
    await previous?.close();
    if (now === null) {
      if (watching !== null) {
        watching = null;
        events.gone();
      }
      return;
    }
    watching = now;
    content = await startContent().catch((error: Error) => {
      fail(`cannot watch ${siteDir}: ${error.message}`, 'Start `serve --watch` again.');
      return null;
    });
    if (content && !closed) events.back();
  };
  let settling: NodeJS.Timeout | undefined;
  const schedule = (forceRestart: boolean) => {
    recheck ||= forceRestart;
    clearTimeout(settling);
    settling = setTimeout(() => (checking = checking.then(check)), SETTLE_MS);
  };

  const folder: FolderWatcher = watchFolder(parent, (event, file) => {
    // A rename of the site folder (away and back) leaves its identity as it was, yet its watcher
    // stopped: a rename naming it restarts the watcher. The parent's own name: it went away.
    if (file === null || (file === name && event === 'rename')) schedule(true);
    else if (file === name || file === path.basename(parent)) schedule(false);
  });
  folder.on('error', (error) => fail(`watching ${parent} failed: ${error.message}`, 'Start `serve --watch` again.'));
  // A folder that is still some process's working folder (this one's, often) sends no event when
  // it is deleted: it is looked at now and then as well.
  const poll = setInterval(() => schedule(false), POLL_MS);
  poll.unref();

  watching = identity(siteDir);
  if (watching !== null) content = await startContent();
  return {
    async close() {
      closed = true;
      clearInterval(poll);
      clearTimeout(settling);
      folder.close();
      await checking;
      await content?.close();
    },
  };
}

/** How long events about the folders must stop before they are looked at (a move is two renames), in milliseconds. */
const SETTLE_MS = 50;
/** How often the folders are looked at besides their events, in milliseconds. */
const POLL_MS = 1000;

/**
 * A folder's device, inode and birth time, or null when there is no folder there. A moved folder
 * keeps all three; a folder deleted and made again often gets the inode just freed (ext4 reuses
 * it at once), not the birth time (where the file system records one).
 */
function identity(dir: string): string | null {
  const info = statSync(dir, { throwIfNoEntry: false, bigint: true });
  return info?.isDirectory() ? `${info.dev}:${info.ino}:${info.birthtimeNs}` : null;
}
