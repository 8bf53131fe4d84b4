const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

/**
 * Sets one top-level front-matter field, replacing its line when the key is there and adding a
 * line (or a front-matter block) when not; the rest of the text is left exactly as it was.
 */
export function setFrontMatterField(text: string, key: string, value: string): string {
  const line = `${key}: ${JSON.stringify(value)}`;
  const match = FRONT_MATTER.exec(text);
  if (!match) return `---\n${line}\n---\n${text}`;
  const block = match[1] ?? '';
  const keyLine = new RegExp(`^${key}[ \\t]*:.*$`, 'm');
  const newBlock = keyLine.test(block) ? block.replace(keyLine, line) : `${block}${line}\n`;
  const opening = /^---[ \t]*\r?\n/.exec(text)![0];
  return `${opening}${newBlock}${text.slice(opening.length + block.length)}`;
}
