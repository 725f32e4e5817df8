import { SIGN_IN_ORIGIN } from '../../config.ts';
import type { CallContext } from '../../platform/context.ts';

type OriginConfig = Pick<CallContext['config'], 'PUBLIC_URL' | 'CLOUDVIEW_SIGN_IN_ORIGINS'>;

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether the pages' CSP `form-action` lets the browser post a sign-in to `url`: the portal's own origin
 * (PUBLIC_URL, where the local instances live), or one of CLOUDVIEW_SIGN_IN_ORIGINS matched as CSP matches a
 * source: same scheme and port, the host itself or, after `*.`, any of its subdomains.
 */
export function signInAllowed(config: OriginConfig, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.origin === new URL(config.PUBLIC_URL).origin) return true;
  const port = target.port || DEFAULT_PORTS[target.protocol];
  const host = target.hostname.toLowerCase();
  return config.CLOUDVIEW_SIGN_IN_ORIGINS.some((source) => {
    const [, scheme = '', wildcard, base = '', sourcePort] = SIGN_IN_ORIGIN.exec(source) ?? [];
    const protocol = `${scheme.toLowerCase()}:`;
    if (target.protocol !== protocol || port !== (sourcePort ?? DEFAULT_PORTS[protocol])) return false;
    return wildcard ? host.endsWith(`.${base.toLowerCase()}`) : host === base.toLowerCase();
  });
}
