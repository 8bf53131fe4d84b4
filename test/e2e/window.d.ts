// What the site's runtime sets on window (see src/client/entry.tsx), read by the browser tests.
interface Window {
  __SIPA_LOADED__?: boolean;
  __SIPA_HYDRATED__?: boolean;
}
