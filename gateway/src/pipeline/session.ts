// Console sessions in the gateway (docs/api.md#sessions): the cookie that carries one, the CSRF
// token every write made with it must carry, and sign-ins sent by other sites' pages. The session
// itself (who, until when) lives in the auth service; the gateway keeps nothing. The limits on
// failed sign-ins: plugins/sign-in-limits.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { Tokens } from '@fastify/csrf';
import { answer } from '../errors';

export const SESSION_COOKIE = 'depot_session';
export const CSRF_HEADER = 'x-csrf-token';

// ---- cookies ----

/**
 * @fastify/cookie's parser and serializer without its hooks: a request's cookies are parsed when
 * first asked for (most requests send none, or are never asked: the launcher's reads without
 * credentials) and a cookie is written to the answer when it is set.
 */
export const cookies = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie, { hook: false });
  },
  { name: 'cookies' },
);

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  if (!req.cookies) req.cookies = req.headers.cookie ? req.server.parseCookie(req.headers.cookie) : {};
  return req.cookies[name] || undefined;
}

type CookieOptions = NonNullable<Parameters<FastifyInstance['serializeCookie']>[2]>;

/** Sets (or, with an empty value and a past expiry, clears) a cookie; sameSite as @fastify/cookie's default. */
function writeCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.header('set-cookie', reply.server.serializeCookie(name, value, { sameSite: 'lax', ...options }));
}

/** @fastify/cookie's clearCookie: the whole path by default, expired now. */
function clearCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  writeCookie(reply, name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
}

/** The session token the request's cookie carries, if any. */
export function sessionCookie(req: FastifyRequest): string | undefined {
  return cookieOf(req, SESSION_COOKIE);
}

// ---- the cookie ----

/**
 * httpOnly (no script reads it), SameSite=Strict (no other site's page sends it), the whole API's
 * path, `Secure` when the request came over HTTPS (behind a proxy: as TRUST_PROXY lets it say) or
 * always with SESSION_COOKIE_SECURE.
 */
function cookieOptions(req: FastifyRequest, alwaysSecure: boolean): CookieOptions {
  return { path: '/', httpOnly: true, sameSite: 'strict', secure: alwaysSecure || req.protocol === 'https' };
}

export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  alwaysSecure: boolean,
): void {
  // Expires with the session's lifetime; the idle timeout is the server's to enforce.
  writeCookie(reply, SESSION_COOKIE, session.token, {
    ...cookieOptions(req, alwaysSecure),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply, alwaysSecure: boolean): void {
  clearCookie(reply, SESSION_COOKIE, cookieOptions(req, alwaysSecure));
}

// ---- the second step of a sign-in (two-factor) ----

/** A password accepted for a user with two-factor sign-in, until the code follows (5 minutes). */
export const TWO_FACTOR_COOKIE = 'depot_two_factor';
/** Sent only to the route that completes the sign-in. */
const TWO_FACTOR_PATH = '/api/session/two-factor';

export function twoFactorCookie(req: FastifyRequest): string | undefined {
  return cookieOf(req, TWO_FACTOR_COOKIE);
}

export function setTwoFactorCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  challenge: { token: string; expiresAt: Date },
  alwaysSecure: boolean,
): void {
  writeCookie(reply, TWO_FACTOR_COOKIE, challenge.token, {
    ...cookieOptions(req, alwaysSecure),
    path: TWO_FACTOR_PATH,
    expires: challenge.expiresAt,
  });
}

export function clearTwoFactorCookie(req: FastifyRequest, reply: FastifyReply, alwaysSecure: boolean): void {
  clearCookie(reply, TWO_FACTOR_COOKIE, { ...cookieOptions(req, alwaysSecure), path: TWO_FACTOR_PATH });
}

// ---- cross-site request forgery ----

// Synchronizer tokens bound to the session: the secret of each token is the session's own token,
// which only the cookie holds (httpOnly), so a page of another site can neither read nor make one,
// and a token is worth nothing for another session. Salted: each answer carries a different one
// (no secret repeats in bodies), all valid while the session lives. Nothing is stored.
const csrf = new Tokens({ algorithm: 'sha256', saltLength: 16 });

/** A CSRF token for the session (answered by sign-in and GET /api/session). */
export function csrfToken(session: string): string {
  return csrf.create(session);
}

/** Whether the request's `X-CSRF-Token` belongs to the session (compared in constant time). */
export function csrfTokenValid(req: FastifyRequest, session: string): boolean {
  const token = req.headers[CSRF_HEADER];
  return typeof token === 'string' && csrf.verify(session, token);
}

export const csrfMismatch = () => answer('csrfMismatch');

/** Methods that change something: made with the cookie, they need the CSRF token. */
export const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * A page of another site posting to the sign-in routes (login CSRF: the victim signed in as the
 * attacker). Browsers say where a request comes from in Sec-Fetch-Site, and in Origin on every
 * POST, older browsers without Sec-Fetch-Site too: an Origin whose host is not the one the request
 * was sent to is another site's page. Other clients (curl, scripts) send neither.
 */
export function fromAnotherSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  return origin !== undefined && !sentFrom(origin, req);
}

/**
 * Whether `origin` is the request's own: the same host and port as its Host header, or as
 * X-Forwarded-Host when TRUST_PROXY trusts the proxy that sent it (Fastify's `req.host`), so that
 * behind a proxy that rewrites Host the public name still matches. An opaque origin (`null`: a
 * sandboxed frame, a redirect across sites) is nobody's own.
 */
function sentFrom(origin: string, req: FastifyRequest): boolean {
  try {
    const page = new URL(origin);
    // The origin's scheme decides its default port (`https://host` is `host:443`).
    return page.host === new URL(`${page.protocol}//${req.host}`).host;
  } catch {
    return false;
  }
}
