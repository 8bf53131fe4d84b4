/**
 * The diagram runtime: Mermaid, bundled on its own (see outputs/mermaidRuntime.ts) and loaded by
 * the theme's diagram component only on pages that have a diagram. It draws a diagram into its
 * element in the page's colour mode, and again whenever the mode changes; a source Mermaid cannot
 * read is shown as text, with Mermaid's message as its title. Mermaid renders one diagram at a time,
 * in the theme it was last initialised with, so renders wait for each other here.
 */
import mermaid from 'mermaid';

type Mode = 'light' | 'dark';

let queue: Promise<unknown> = Promise.resolve();
let initialisedFor: Mode | null = null;
/** Numbers the SVGs of the page's diagrams, whose ids Mermaid's styles select. */
let drawn = 0;

const colourMode = (): Mode => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

/** The SVG of a diagram, drawn in the given colour mode; `id` names the SVG element (unique on the page). */
export function renderDiagram(id: string, source: string, mode: Mode): Promise<string> {
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

/**
 * Draws a diagram into `element` and keeps it in the page's colour mode; returns what stops that.
 * The element's `data-mode` is the mode asked for, `data-drawn` the mode of the diagram shown.
 */
export function mountDiagram(element: HTMLElement, source: string): () => void {
  let live = true;
  const draw = async () => {
    const mode = colourMode();
    element.dataset.mode = mode;
    try {
      const svg = await renderDiagram(`mermaid-svg-${++drawn}`, source, mode);
      if (!live || element.dataset.mode !== mode) return;
      element.innerHTML = svg;
      element.dataset.drawn = mode;
    } catch (error) {
      if (!live) return;
      const pre = document.createElement('pre');
      pre.className = 'mermaid-diagram__source';
      pre.textContent = source;
      pre.title = `Not drawn: ${error instanceof Error ? error.message : String(error)}`;
      element.replaceChildren(pre);
    }
  };
  void draw();
  const observer = new MutationObserver(() => {
    if (element.dataset.mode !== colourMode()) void draw();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    live = false;
    observer.disconnect();
  };
}

export type DiagramRuntime = { mountDiagram: typeof mountDiagram };
