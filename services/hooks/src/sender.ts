// One attempt of a delivery (docs/webhooks.md#delivery): a POST to the endpoint, signed, bounded
// (connect HOOKS_CONNECT_TIMEOUT_MS, the whole attempt HOOKS_TIMEOUT_MS, at most 64 KiB of the
// answer read), following at most 3 redirects that keep the method (307, 308), each to a URL that
// passes the same checks; a 301, 302 or 303 (which a client follows with a GET, without the
// payload) fails the attempt, saying where it pointed, as it is no delivery. Every
// connection's name is resolved by a lookup that refuses non-public addresses (unless
// WEBHOOK_ALLOW_PRIVATE), so what is checked is what is connected to.
import { createHmac } from 'node:crypto';
import { guardedLookup, type Lookup } from '@depot/common/egress';
import { WEBHOOK_HEADERS } from '@depot/common';
import { Agent, request } from 'undici';
import { refusalOf, type UrlPolicy } from './url-policy';

const MAX_REDIRECTS = 3;
const MAX_ANSWER_BYTES = 64 * 1024;
/** What the log keeps of an answer. */
export const LOGGED_ANSWER_BYTES = 512;
/** Redirects that keep the POST and its body (RFC 9110 15.4.8, 15.4.9). */
const REDIRECTS = new Set([307, 308]);
/** Redirects a client may follow with a GET (RFC 9110 15.4.2-15.4.4): the payload would be lost. */
const REDIRECTS_TO_GET = new Set([301, 302, 303]);
const USER_AGENT = 'Depot-Webhooks/1';

export interface Attempt {
  /** 'delivered': 2xx; 'gone': 410 (the endpoint is disabled); 'failed': anything else (retried). */
  outcome: 'delivered' | 'gone' | 'failed';
  /** The last answer's status; 0 when there was none. */
  status: number;
  latencyMs: number;
  /** The answer's first bytes, or why there was no answer. */
  response: string;
}

export interface Delivery {
  id: string;
  event: string;
  url: string;
  secret: string;
  body: string;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signatureOf(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export class Sender {
  private readonly agent: Agent;

  constructor(private readonly opts: UrlPolicy & { connectTimeoutMs: number; timeoutMs: number; lookup?: Lookup }) {
    const lookup = guardedLookup(
      {
        allowPrivate: opts.allowPrivate,
        refuse: (host, address) => new Error(`${host} resolves to ${address}, not a public address`),
      },
      opts.lookup,
    );
    this.agent = new Agent({
      connect: { timeout: opts.connectTimeoutMs, lookup },
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      keepAliveTimeout: 10_000,
    });
  }

  async send(d: Delivery): Promise<Attempt> {
    const started = performance.now();
    const signal = AbortSignal.timeout(this.opts.timeoutMs);
    const latency = () => Math.round(performance.now() - started);
    let url = d.url;
    try {
      for (let redirects = 0; ; redirects++) {
        const refusal = refusalOf(url, this.opts);
        if (refusal) return { outcome: 'failed', status: 0, latencyMs: latency(), response: refusal };
        const res = await request(url, {
          method: 'POST',
          dispatcher: this.agent,
          signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            [WEBHOOK_HEADERS.signature]: signatureOf(d.secret, d.body),
            [WEBHOOK_HEADERS.delivery]: d.id,
            [WEBHOOK_HEADERS.event]: d.event,
          },
          body: d.body,
        });
        const location = res.headers.location;
        if (REDIRECTS.has(res.statusCode) && typeof location === 'string' && redirects < MAX_REDIRECTS) {
          await res.body.dump();
          url = new URL(location, url).toString();
          continue;
        }
        if (REDIRECTS_TO_GET.has(res.statusCode) && typeof location === 'string') {
          await res.body.dump();
          const to = new URL(location, url);
          to.username = to.password = '';
          const response =
            `Redirected (${res.statusCode}) to ${to.toString().slice(0, 300)}: webhooks follow only 307 and 308, ` +
            'which keep the POST; give the endpoint that URL.';
          return { outcome: 'failed', status: res.statusCode, latencyMs: latency(), response };
        }
        const response = await headOf(res.body);
        const outcome =
          res.statusCode >= 200 && res.statusCode < 300 ? 'delivered' : res.statusCode === 410 ? 'gone' : 'failed';
        return { outcome, status: res.statusCode, latencyMs: latency(), response };
      }
    } catch (err) {
      const why = signal.aborted ? `no answer within ${this.opts.timeoutMs} ms` : messageOf(err);
      return { outcome: 'failed', status: 0, latencyMs: latency(), response: why };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** The answer's first bytes (at most 64 KiB read, the rest left unread), as logged. */
async function headOf(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_ANSWER_BYTES) {
      body.destroy();
      break;
    }
  }
  const head = Buffer.concat(chunks).subarray(0, LOGGED_ANSWER_BYTES);
  // Cut at a character boundary: a half character is dropped, not shown as U+FFFD.
  return new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/\uFFFD$/, '');
}

function messageOf(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string }; code?: string };
  const cause = e.cause?.message;
  return [e.message ?? String(err), cause && cause !== e.message ? cause : undefined].filter(Boolean).join(': ');
}
