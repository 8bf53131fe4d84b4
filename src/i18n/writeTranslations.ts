/** `sipadocs write-translations`: written below. */
export async function writeTranslationsCommand(_site: string, _locale: string | undefined): Promise<number> {
  return 1;
}
