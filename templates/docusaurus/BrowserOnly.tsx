import type { ReactNode } from 'react';
import useIsBrowser from './useIsBrowser.js';

/**
 * `@docusaurus/BrowserOnly`: renders `children()` only in the browser, after hydration; the
 * server HTML (and the hydrating render) shows `fallback`.
 */
export default function BrowserOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  const isBrowser = useIsBrowser();
  if (typeof children !== 'function') throw new Error('<BrowserOnly> needs a function as its child: {() => <Component />}');
  return <>{isBrowser ? children() : fallback}</>;
}
