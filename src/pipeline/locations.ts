import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { SiteError, SiteErrors } from '../errors.js';

/** Turns a site-relative path into one relative to the working directory, as messages show files. */
export type ShownPath = (siteFile: string) => string;

/** A translated source (see LocaleTranslation.sources) is shown as the translation's file, which the build read. */
export function shownPath(config: Pick<SiteConfig, 'siteDir' | 'translation'>): ShownPath {
  const translated = config.translation?.sources;
  return (file) => {
    const read = translated?.get(file) ?? file;
    return path.relative(process.cwd(), path.join(config.siteDir, read)) || read;
  };
}

/** Error locations made relative to the working directory (inside content/ they are site-relative). */
export function relocateError(error: unknown, shown: ShownPath): unknown {
  const fix = (e: SiteError) =>
    e.location && !path.isAbsolute(e.location.file)
      ? new SiteError({ code: e.code, message: e.message, hint: e.hint, frame: e.frame, cause: e.cause, location: { ...e.location, file: shown(e.location.file) } })
      : e;
  if (error instanceof SiteErrors) return new SiteErrors(error.errors.map(fix));
  if (error instanceof SiteError) return fix(error);
  return error;
}
