import type { ServiceSources } from './types.js';

/**
 * Where DocSearch sends its searches: the application's hosts at Algolia (`<appId>-dsn.algolia.net`,
 * then `<appId>-1…3.algolianet.com` when one fails), and Algolia Insights for the click events
 * of a site that turned them on.
 */
export function algoliaSources(appId: string, insights: boolean): ServiceSources {
  const app = appId.toLowerCase();
  return {
    'connect-src': [`https://${app}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${app}-${n}.algolianet.com`), ...(insights ? ['https://insights.algolia.io'] : [])],
  };
}
