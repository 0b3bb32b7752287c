// What a route answers, for its documentation (plugins/api-docs.ts), read from its declaration alone: the
// standard answers follow from its access, body and limits, with the messages of messages.ts; its
// 404s from the records its path names (each segment declares its reason, route.ts `segment`) and
// the segments the router takes only when they match (route.ts `routedSegment`),
// the others it declares missing and its guard, worded as the route words them. A route declares
// only what nothing else can say (a 409, a 422 of its own).
import type { z } from 'zod';
import type { Reason } from '@depot/common';
import { ANSWERS, READ_WORDING, reasonMessage, type AnswerName } from '../messages';
import * as res from '../api/schemas';
import { routedSegments, segmentNotFound, type Answer, type AnyRoute } from './route';

/**
 * The words a route's answers use for the services' reasons: the read routes word their 404s as
 * Solder's, every other route as the services' (docs/api.md#error-messages), except that a
 * streamed body refused by the service reading it is refused as the gateway refuses it.
 */
export function wordingOf(declaration: AnyRoute): Partial<Record<Reason, string>> | undefined {
  const { streamedBody } = declaration;
  if (streamedBody) {
    const { reasons, answers } = streamedBody;
    return {
      [reasons.tooLarge]: ANSWERS[answers.tooLarge].message,
      [reasons.cutShort]: ANSWERS[answers.cutShort].message,
    };
  }
  const read = declaration.access === 'public' || declaration.access === 'read';
  return declaration.method === 'GET' && read ? READ_WORDING : undefined;
}

/** `"<message>"` of one of the gateway's own answers. */
const quoted = (name: AnswerName) => `"${ANSWERS[name].message}"`;

/** The records a request may find missing (404), in the order they are looked up: the path's, then the others. */
export function missingRecords(declaration: AnyRoute): Reason[] {
  const shape = (declaration.params?.shape ?? {}) as Record<string, z.ZodType>;
  const path = [...declaration.url.matchAll(/:([A-Za-z0-9_]+)/g)].flatMap((m) => {
    const reason = shape[m[1]] && segmentNotFound(shape[m[1]]);
    return reason ? [reason] : [];
  });
  return [...new Set([...path, ...(declaration.missing ?? [])])];
}

/** The standard answers of a route besides its own (documented; produced by its checks and the app). */
export function standardAnswers(declaration: AnyRoute): Record<number, Answer> {
  const out: Record<number, Answer> = {};
  if (declaration.body) {
    out[400] = `${quoted('malformedJson')} (judged after authentication and the target)`;
    out[413] = `${quoted('payloadTooLarge')} (over \`BODY_LIMIT_BYTES\`)`;
    out[415] = `${quoted('unsupportedMediaType')} (a body that is not JSON)`;
  }
  if (declaration.access !== 'public' && declaration.access !== 'read') {
    out[401] = `${quoted('unauthenticated')}: no bearer token or session, or an unknown one.`;
    const csrf =
      declaration.method !== 'GET'
        ? `${quoted('csrfMismatch')}: a write made with the session cookie without its \`X-CSRF-Token\`.`
        : '';
    const refused = declaration.access !== 'user' || declaration.modpackAccess || declaration.actsOnUser;
    const denial = refused ? `${quoted('forbidden')}: ${forbiddenWhen(declaration)}` : '';
    if (denial || csrf) out[403] = [denial, csrf].filter(Boolean).join(' ');
  }
  const notFound = missingRecords(declaration).map((reason) => `"${reasonMessage(reason, wordingOf(declaration))}"`);
  if (declaration.guard) notFound.push(quoted(declaration.guard.refusal));
  // A routed segment that does not match is no route: the router's own 404.
  for (const name of routedSegments(declaration)) {
    notFound.push(`${quoted('notFound')} (a \`{${name}}\` the route does not take is no route)`);
  }
  if (notFound.length) out[404] = `Not found: ${notFound.join(', ')}.`;
  if (declaration.rateLimit !== false) out[429] = `${quoted('tooManyRequests')} (see the \`Retry-After\` header)`;
  if (!['/api', '/api/openapi.json', '/healthz'].includes(declaration.url)) {
    out[503] = `${quoted('unavailable')}: a service did not answer in time.`;
  }
  out[500] = quoted('internal');
  return out;
}

function forbiddenWhen(declaration: AnyRoute): string {
  const needs = [
    declaration.access !== 'user' ? `the \`${declaration.access}\` permission` : '',
    declaration.alsoNeeds ? `the \`${declaration.alsoNeeds}\` permission` : '',
    declaration.modpackAccess ? 'access to the modpack' : '',
  ].filter(Boolean);
  const missing = needs.length ? `${needs.join(' or ')} is missing.` : '';
  const beyond = declaration.actsOnUser
    ? " Or the user acted on, or the rights given, go beyond the caller's own (docs/api.md#acting-on-users)."
    : '';
  return missing + beyond;
}

/** Every answer of a route, its own and the standard ones, by status (for the docs). */
export function answersOf(declaration: AnyRoute): Record<number, { description: string; schema?: z.ZodType }> {
  const all: Partial<Record<number, Answer>> = standardAnswers(declaration);
  for (const [status, answer] of Object.entries(declaration.answers ?? {})) {
    const standard = all[Number(status)];
    all[Number(status)] = typeof standard === 'string' && typeof answer === 'string' ? `${standard} ${answer}` : answer;
  }
  const out: Record<number, { description: string; schema?: z.ZodType }> = {};
  for (const [status, answer] of Object.entries(all)) {
    if (answer === undefined) continue;
    out[Number(status)] = typeof answer === 'string' ? { description: answer, schema: res.errorBody } : answer;
  }
  out[declaration.status ?? 200] = { description: declaration.returns, schema: declaration.response };
  if (declaration.cached)
    out[304] = { description: 'Not modified: the `If-None-Match` header names the current ETag.' };
  return out;
}

/** The 422 of a route with a body: field errors, the Laravel way; `extra`: its other 422s. */
export const invalid = (extra?: string) =>
  `Validation failed: \`{"error": {"<field>": ["<message>"]}}\`, one entry per failing field${extra ? `; or ${extra}` : ''}.`;
