// Which URLs an endpoint may have (docs/webhooks.md#addresses): https (http when
// WEBHOOK_ALLOW_HTTP), and no literal loopback, private, link-local, multicast or metadata address
// unless WEBHOOK_ALLOW_PRIVATE. Names are checked on what DNS answers at every connect
// (sender.ts), since a name can resolve differently later.
import { isPublicAddress, literalAddressOf } from '@depot/common/egress';

export interface UrlPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** Why `raw` may not be an endpoint (or a redirect's target), or undefined when it may. */
export function refusalOf(raw: string, policy: UrlPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The url must be a valid URL.';
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return policy.allowHttp ? 'The url must be an http or https URL.' : 'The url must be an https URL.';
  }
  if (policy.allowPrivate) return undefined;
  const host = url.hostname.toLowerCase();
  const literal = literalAddressOf(url);
  if ((literal && !isPublicAddress(literal)) || host === 'localhost' || host.endsWith('.localhost')) {
    return `The url's host ${literal ?? host} is not a public address.`;
  }
  return undefined;
}
