import { useEffect, useRef } from 'react';
import type { DiagramRuntime } from '../../src/client/mermaidRuntime.js';
import { useSiteData } from '../../src/client/siteContext.js';
import { translate } from '../../src/shared/translate.js';

export interface MermaidProps {
  /** The diagram's Mermaid source. */
  value: string;
}

/**
 * A Mermaid diagram (a ```mermaid fence with `markdown.mermaid`, or `<Mermaid value>` in MDX). The
 * runtime that draws it (Mermaid, larger than the rest of the site's code) is loaded when a diagram
 * appears, so pages without one load none of it; it draws the diagram in the page's colour mode,
 * again when the mode changes, and shows the source when Mermaid cannot read it, as does the page
 * without JavaScript.
 */
export default function Mermaid({ value }: MermaidProps) {
  const runtime = useSiteData().mermaid?.runtime;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    if (runtime) void import(runtime).then((loaded: DiagramRuntime) => live && (stop = loaded.mountDiagram(ref.current!, value)));
    return () => {
      live = false;
      stop?.();
    };
  }, [runtime, value]);
  return (
    <div className="mermaid-diagram">
      <div ref={ref} className="mermaid" role="img" aria-label={translate({ id: 'sipadocs.diagram.ariaLabel', message: 'Diagram' })} />
      <noscript>
        <pre className="mermaid-diagram__source">{value}</pre>
      </noscript>
    </div>
  );
}
