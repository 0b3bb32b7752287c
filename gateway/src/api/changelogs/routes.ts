// Changelogs (docs/releases.md#changelogs): what a build adds, removes and updates against another
// build of its modpack (the previous published one by default), with its release notes; as JSON and
// Markdown. For the modpack's managers under /api/manage (any build, published or not, checked as a
// write: 404, 403, 404), and for anyone at /changelogs/, visible exactly as the build's launcher
// answer is (`k`, `cid` or a token for a private build; unpublished ones never), with the Atom feed
// of the modpack's releases. Every read goes through the response cache (reads.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notModified, type Body } from '../../cache/cache';
import { FileAnswer } from '../../pipeline/answers';
import { route, segment, type TargetContext } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { LauncherReads } from '../launcher/reads';
import { buildParams } from '../modpacks/builds';
import { staleModpack } from '../modpacks/modpacks';
import { mirrorUrlOf } from '@depot/common/process';
import { ChangelogReads, FEED_ENTRIES } from './reads';
import { markdownToHtml } from './render';
import * as res from './schemas';

const credentials = {
  k: z.string().optional().meta({ description: 'Technic Platform API key: every modpack becomes accessible.' }),
  cid: z.string().optional().meta({ description: 'Launcher client id: the modpacks linked to it become accessible.' }),
};
const publicModpackParams = z.object({ slug: segment('MODPACK_NOT_FOUND', 'Slug of the modpack, percent-encoded.') });
const publicBuildParams = publicModpackParams.extend({
  build: segment('BUILD_NOT_FOUND', 'Build version string (exact, case-sensitive), percent-encoded.'),
});
const publicQuery = res.changelogQuery.extend(credentials);

const MARKDOWN = 'text/markdown; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

/** A cached text body as a file answer: its ETag, 304 when the client has it, no bytes for HEAD. */
function textAnswer(req: FastifyRequest, body: Body, type: string): FileAnswer {
  const headers = { etag: body.etag, 'content-type': type };
  if (notModified(req, body.etag)) return FileAnswer.notModified(headers);
  return FileAnswer.bytes(200, headers, req.method === 'HEAD' ? undefined : body.buf);
}

const FROM_INVALID = invalid(
  '`{"error": {"from": ["The selected from is invalid."]}}`: `from` names no build the caller may see',
);

export function changelogRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const reads = new ChangelogReads(app.responseCache, clients);
  const launcher = new LauncherReads(app.responseCache, clients, mirrorUrlOf(config));
  /** The absolute root links are written under: PUBLIC_URL, else the request's own. */
  const baseOf = (req: FastifyRequest) => (config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/*$/, '/');

  const managed = {
    tag: 'Management',
    access: 'modpacks_manage',
    modpackAccess: true,
    params: buildParams,
    query: res.changelogQuery,
    answers: { 422: FROM_INVALID },
  } as const;
  const visible = {
    tag: 'Builds',
    access: 'read',
    params: publicBuildParams,
    query: publicQuery,
    // A segment or query that cannot be judged: the modpack, then the build, answer first, as the launcher's.
    target: ({ params, readAccess }: TargetContext<{ slug: string; build: string }>) =>
      params.build === undefined
        ? launcher.modpack(params.slug!, readAccess)
        : reads.visible(params.slug!, params.build, undefined, readAccess),
    answers: { 422: FROM_INVALID },
    cached: true,
  } as const;
  const description =
    'What the build adds, removes and updates (each mod from → to), where mods run now (the build’s side, else the ' +
    'version’s), its settings (Minecraft, loader, Java, memory) against `from` or the previous published build, and ' +
    'its release notes.';

  return [
    route({
      ...managed,
      method: 'GET',
      url: '/api/manage/modpacks/:slug/builds/:build/changelog',
      summary: "A build's changelog",
      description: `${description} Unpublished and private builds included.`,
      response: res.changelog,
      returns: 'The changelog.',
      handler: async ({ params, query, builds }) => {
        await builds.CheckTarget({ slug: params.slug, version: params.build });
        return (await reads.managed(params.slug, params.build, query.from)).json;
      },
    }),
    route({
      ...managed,
      method: 'GET',
      url: '/api/manage/modpacks/:slug/builds/:build/changelog.md',
      summary: "A build's changelog, Markdown",
      description: `${description} Unpublished and private builds included.`,
      file: 'text/markdown',
      response: res.markdownFile,
      returns: 'The changelog (`text/markdown`).',
      handler: async ({ req, params, query, builds }) => {
        await builds.CheckTarget({ slug: params.slug, version: params.build });
        return textAnswer(req, (await reads.managed(params.slug, params.build, query.from)).markdown, MARKDOWN);
      },
    }),
    route({
      method: 'PUT',
      url: '/api/manage/modpacks/:slug/builds/:build/notes',
      tag: 'Management',
      summary: "Set a build's release notes",
      description:
        'Markdown, shown in its changelog and the releases feed (rendered to sanitized HTML). The launcher’s build ' +
        'answer does not change.',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: buildParams,
      body: res.notesBody,
      response: res.notesAnswer,
      returns: 'The release notes as they are now.',
      answers: { 422: invalid() },
      invalidates: staleModpack,
      handler: async ({ params, body, builds }) => {
        const { notes } = await builds.SetReleaseNotes({
          slug: params.slug,
          version: params.build,
          ...(body.notes ? { notes: body.notes } : {}),
        });
        return { notes: notes ?? null, notes_html: notes ? markdownToHtml(notes) : null };
      },
    }),
    route({
      ...visible,
      method: 'GET',
      url: '/changelogs/:slug/builds/:build',
      summary: "A published build's changelog",
      description: `${description} Visible as the build's launcher answer is (\`k\`, \`cid\` or a token for a private one).`,
      response: res.changelog,
      returns: 'The changelog.',
      handler: ({ params, query, readAccess }) =>
        whenJson(reads.visible(params.slug, params.build, query.from, readAccess)),
    }),
    route({
      ...visible,
      method: 'GET',
      url: '/changelogs/:slug/builds/:build/changelog.md',
      summary: "A published build's changelog, Markdown",
      description: `${description} Visible as the build's launcher answer is (\`k\`, \`cid\` or a token for a private one).`,
      file: 'text/markdown',
      response: res.markdownFile,
      returns: 'The changelog (`text/markdown`).',
      handler: async ({ req, params, query, readAccess }) =>
        textAnswer(req, (await reads.visible(params.slug, params.build, query.from, readAccess)).markdown, MARKDOWN),
    }),
    route({
      method: 'GET',
      url: '/changelogs/:slug/releases.atom',
      tag: 'Builds',
      summary: "The Atom feed of a modpack's releases",
      description:
        `Its published builds, newest first (the last ${FEED_ENTRIES}), each with its changelog against the one before ` +
        "it, for feed readers and bots. Visible as the modpack's launcher answer is; private builds only with `k`, " +
        '`cid` or a token.',
      access: 'read',
      params: publicModpackParams,
      query: z.object(credentials),
      target: ({ params, readAccess }) => launcher.modpack(params.slug!, readAccess),
      file: 'application/atom+xml',
      response: res.atomFile,
      returns: 'The feed (`application/atom+xml`).',
      cached: true,
      handler: async ({ req, params, readAccess }) =>
        textAnswer(req, await reads.feed(params.slug, readAccess, baseOf(req)), ATOM),
    }),
  ];
}

/** The JSON body of a rendered changelog, at once when it is ready. */
function whenJson(rendered: ReturnType<ChangelogReads['visible']>): Body | Promise<Body> {
  return rendered instanceof Promise ? rendered.then((r) => r.json) : rendered.json;
}
