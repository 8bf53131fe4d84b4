import { useEffect, useRef, useState } from 'react';
import type { DiagramRuntime } from '../../src/client/mermaidRuntime.js';
import { useSiteData } from '../../src/client/siteContext.js';

export interface MermaidProps {
  /** The diagram's Mermaid source. */
  value: string;
}

/** Numbers the SVGs of the page's diagrams, whose ids Mermaid's styles select. */
let drawn = 0;

const colourMode = (): 'light' | 'dark' => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

/**
 * A Mermaid diagram (a ```mermaid fence with `markdown.mermaid`, or `<Mermaid value>` in MDX),
 * drawn in the browser in the page's colour mode and drawn again when the mode changes. The
 * runtime that draws it (Mermaid, about as large as the rest of the site's code) is loaded when
 * the first diagram appears, so pages without diagrams load none of it. Without JavaScript, and
 * when the source is not a diagram Mermaid reads, the source is shown as text.
 */
export default function Mermaid({ value }: MermaidProps) {
  const runtime = useSiteData().mermaid?.runtime;
  const ref = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(runtime ? null : 'diagrams are off in this site (markdown.mermaid)');
  useEffect(() => {
    const element = ref.current;
    if (!runtime || !element) return;
    let current = true;
    const draw = async () => {
      const mode = colourMode();
      try {
        const { renderDiagram } = (await import(runtime)) as DiagramRuntime;
        const svg = await renderDiagram(`mermaid-svg-${++drawn}`, value, mode);
        if (!current) return;
        element.innerHTML = svg;
        element.dataset.mode = mode;
        setFailure(null);
      } catch (error) {
        if (current) setFailure(error instanceof Error ? error.message : String(error));
      }
    };
    void draw();
    const observer = new MutationObserver(() => {
      if (element.dataset.mode !== colourMode()) void draw();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      current = false;
      observer.disconnect();
    };
  }, [runtime, value]);
  return (
    <div className="mermaid-diagram">
      <div ref={ref} className="mermaid" role="img" aria-label="Diagram" hidden={failure !== null} />
      {failure !== null ? (
        <pre className="mermaid-diagram__source" title={`Not drawn: ${failure}`}>
          {value}
        </pre>
      ) : (
        <noscript>
          <pre className="mermaid-diagram__source">{value}</pre>
        </noscript>
      )}
    </div>
  );
}
