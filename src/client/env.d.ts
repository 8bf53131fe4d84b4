declare module 'sipa:site-data' {
  const data: unknown;
  export default data;
}
declare module 'sipa:custom-css';
declare module 'sipa:shared-modules';
declare module '*.css';
