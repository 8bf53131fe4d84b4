import type { AnalyticsSettings, HeadTag, ServiceSources } from './types.js';

/** An id written into a script: letters, digits, "-" and "_" only, so it can never end the script. */
export const ANALYTICS_ID = /^[\w-]+$/;

const DEFAULT_PLAUSIBLE_SCRIPT = 'https://plausible.io/js/script.js';

/** Where Google's tags send what they measure (Google's own list of hosts for a Content-Security-Policy). */
const GOOGLE_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
const GOOGLE_IMAGES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * The head tags and the policy sources of the analytics the config sets. The tags come after the
 * site's own head tags; the sources widen the pages' Content-Security-Policy by what each service
 * loads and where it sends its measurements. gtag.js and Plausible's script count the pages a
 * visitor opens through the site's client-side navigation themselves (they follow the history
 * API); analytics.js is told of each one by a line of its inline script.
 */
export function analyticsOf(settings: AnalyticsSettings): { tags: HeadTag[]; sources: ServiceSources } {
  const tags: HeadTag[] = [];
  const sources: ServiceSources = {};
  const allow = (directive: string, ...added: string[]) => {
    const list = (sources[directive] ??= []);
    for (const source of added) if (!list.includes(source)) list.push(source);
  };
  const preconnect = (href: string): HeadTag => ({ tagName: 'link', attributes: { rel: 'preconnect', href } });
  const { gtag, googleAnalytics, googleTagManager, plausible } = settings;
  if (gtag) {
    const ids = Array.isArray(gtag.trackingID) ? gtag.trackingID : [gtag.trackingID];
    const options = gtag.anonymizeIP ? ',{anonymize_ip:true}' : '';
    tags.push(
      preconnect('https://www.google-analytics.com'),
      preconnect('https://www.googletagmanager.com'),
      { tagName: 'script', attributes: { async: true, src: `https://www.googletagmanager.com/gtag/js?id=${ids[0]}` } },
      { tagName: 'script', innerHTML: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());${ids.map((id) => `gtag('config','${id}'${options});`).join('')}` },
    );
    allow('script-src', 'https://www.googletagmanager.com');
    // gtag.js measures a Universal Analytics id (UA-…) with analytics.js, which it loads itself.
    if (ids.some((id) => id.startsWith('UA-'))) allow('script-src', 'https://www.google-analytics.com');
    allow('connect-src', ...GOOGLE_CONNECT);
    allow('img-src', ...GOOGLE_IMAGES);
  }
  if (googleAnalytics) {
    const anonymize = googleAnalytics.anonymizeIP ? "ga('set','anonymizeIp',true);" : '';
    tags.push(
      preconnect('https://www.google-analytics.com'),
      {
        tagName: 'script',
        innerHTML:
          `window.ga=window.ga||function(){(ga.q=ga.q||[]).push(arguments)};ga.l=+new Date;ga('create','${googleAnalytics.trackingID}','auto');${anonymize}ga('send','pageview');` +
          // A page opened by the site's client-side navigation is a page view too.
          "(function(h){var p=h.pushState;h.pushState=function(){var r=p.apply(this,arguments);ga('set','page',location.pathname+location.search);ga('send','pageview');return r}})(history);",
      },
      { tagName: 'script', attributes: { async: true, src: 'https://www.google-analytics.com/analytics.js' } },
    );
    allow('script-src', 'https://www.google-analytics.com');
    allow('connect-src', ...GOOGLE_CONNECT);
    allow('img-src', ...GOOGLE_IMAGES);
  }
  if (googleTagManager) {
    const id = googleTagManager.containerId;
    tags.push({
      tagName: 'script',
      innerHTML: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${id}');`,
    });
    allow('script-src', 'https://www.googletagmanager.com');
    allow('connect-src', ...GOOGLE_CONNECT);
    allow('img-src', ...GOOGLE_IMAGES);
    allow('frame-src', 'https://www.googletagmanager.com');
  }
  if (plausible) {
    const src = plausible.src ?? DEFAULT_PLAUSIBLE_SCRIPT;
    tags.push({ tagName: 'script', attributes: { defer: true, 'data-domain': plausible.domain, src } });
    // It sends its events to /api/event on its own origin (the script's origin is allowed with it, see headTagSources).
    const origin = originOf(src);
    if (origin) allow('connect-src', origin);
  }
  return { tags, sources };
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}
