import { useState } from 'react';
import { replayedControl } from '../../src/shared/earlyInput.js';

/**
 * Copies the page's markdown (its `<route>.md`, fetched on click) to the clipboard, for pasting
 * into a chat with a language model or an issue. The label says how it went for two seconds.
 */
export function CopyPageButton({ url }: { url: string }) {
  const [label, setLabel] = useState('Copy page');
  const copy = async () => {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setLabel('Copied');
    } catch {
      setLabel('Copy failed');
    }
    setTimeout(() => setLabel('Copy page'), 2000);
  };
  return (
    <button {...replayedControl} type="button" className="copy-page" onClick={copy} title="Copy this page as Markdown">
      <span aria-live="polite">{label}</span>
    </button>
  );
}
