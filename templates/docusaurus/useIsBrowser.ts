import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * `@docusaurus/useIsBrowser`: false on the server and while the page hydrates (so the first
 * browser render matches the server HTML), true afterwards and for pages opened client-side.
 */
export default function useIsBrowser(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
