import type { PolicySources } from './securityHeaders.js';

const POLICY_HEADER = 'content-security-policy';

/**
 * A site's own `_headers` widening the generated policy on purpose: a Content-Security-Policy in
 * its rule for every path (`/*`) is not sent as a second policy (browsers enforce every policy
 * sent, so a second one could only narrow the first); its directives are taken out of the file
 * and each of their sources is added to the generated policy's directive of that name. A policy
 * under any other path stays in the file, as a further policy those paths must also satisfy.
 */
export function takeSitePolicy(headersText: string): { text: string; sources: PolicySources } {
  const sources: PolicySources = {};
  let everyPath = false;
  const kept: string[] = [];
  for (const line of headersText.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed && !trimmed.startsWith('#') && !/^\s/.test(line)) everyPath = trimmed === '/*';
    const colon = trimmed.indexOf(':');
    if (everyPath && /^\s/.test(line) && colon > 0 && trimmed.slice(0, colon).trim().toLowerCase() === POLICY_HEADER) {
      addDirectives(sources, trimmed.slice(colon + 1));
      continue;
    }
    kept.push(line);
  }
  return { text: kept.join('\n'), sources };
}

/** "connect-src https://a; img-src https://b" into `sources`. */
function addDirectives(sources: PolicySources, policy: string): void {
  for (const directive of policy.split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (!name) continue;
    const list = (sources[name.toLowerCase()] ??= []);
    for (const value of values) if (!list.includes(value)) list.push(value);
  }
}
