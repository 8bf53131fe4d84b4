declare module 'sipa:site-data' {
  const data: unknown;
  export default data;
}
declare module 'sipa:theme' {
  /** The theme's root component (templates/App.tsx), mounted by Root. */
  export const App: typeof import('../../templates/App.js').App;
}
declare module 'sipa:custom-css';
declare module 'sipa:shared-modules';
declare module '*.css';
