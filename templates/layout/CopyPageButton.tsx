import { useState } from 'react';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { translate } from '../../src/shared/translate.js';

/**
 * Copies the page's markdown (its `<route>.md`, fetched on click) to the clipboard, for pasting
 * into a chat with a language model or an issue. The label says how it went for two seconds.
 */
export function CopyPageButton({ url }: { url: string }) {
  const idle = translate({ id: 'sipadocs.copyPage.label', message: 'Copy page' });
  const [label, setLabel] = useState(idle);
  const copy = async () => {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setLabel(translate({ id: 'theme.CodeBlock.copied', message: 'Copied' }));
    } catch {
      setLabel(translate({ id: 'sipadocs.copyPage.failed', message: 'Copy failed' }));
    }
    setTimeout(() => setLabel(idle), 2000);
  };
  return (
    <button {...replayedControl} type="button" className="copy-page" onClick={copy} title={translate({ id: 'sipadocs.copyPage.title', message: 'Copy this page as Markdown' })}>
      <span aria-live="polite">{label}</span>
    </button>
  );
}
