declare module 'sipa:site-data' {
  const data: unknown;
  export default data;
}
declare module 'sipa:custom-css';
declare module '*.css';
declare module 'sipa:ssr-routes' {
  const routes: Record<string, () => Promise<unknown>>;
  export default routes;
}
