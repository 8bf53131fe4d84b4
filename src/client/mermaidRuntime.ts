/**
 * The diagram runtime: Mermaid, bundled on its own (see outputs/mermaidRuntime.ts) and loaded by
 * the theme's diagram component only on pages that have a diagram. Mermaid renders one diagram at
 * a time, in the theme it was last initialised with, so renders wait for each other here.
 */
import mermaid from 'mermaid';

let queue: Promise<unknown> = Promise.resolve();
let initialisedFor: 'light' | 'dark' | null = null;

/** The SVG of a diagram, drawn in the given colour mode; `id` names the SVG element (unique on the page). */
export function renderDiagram(id: string, source: string, mode: 'light' | 'dark'): Promise<string> {
  const run = async () => {
    if (initialisedFor !== mode) {
      mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: mode === 'dark' ? 'dark' : 'default' });
      initialisedFor = mode;
    }
    try {
      return (await mermaid.render(id, source)).svg;
    } finally {
      // What a failed render leaves in the body (its scratch element) goes.
      document.getElementById(`d${id}`)?.remove();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

export type DiagramRuntime = { renderDiagram: typeof renderDiagram };
