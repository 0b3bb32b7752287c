// quilt.mod.json (schema version 1, https://github.com/QuiltMC/rfcs/blob/main/specification/0002-quilt.mod.json.md).
// The mod's own fields are under `quilt_loader` (its facts under `quilt_loader.metadata`); the side
// is `minecraft.environment`: "client", "dedicated_server" or "*". A dependency is an id, or an
// object whose `versions` is one range or a list of alternatives; the other forms (`any`/`all`
// objects, lists of alternative dependencies) state no single range: passed over with a warning.
import {
  authors,
  description,
  field,
  Malformed,
  modId,
  range,
  table,
  text,
  webUrl,
  type ModFacts,
  type ModSide,
  type Warn,
} from './facts';
import { parseJson } from './text';

const SIDES: Record<string, ModSide> = { client: 'client', dedicated_server: 'server', server: 'server', '*': 'both' };

export function readQuilt(source: string, warn: Warn): ModFacts[] {
  const json = table(parseJson(source));
  if (!json) throw new Malformed('not a JSON object');
  const loader = field(json, 'quilt_loader');
  const id = modId(field(loader, 'id'), 'quilt_loader.id', warn);
  if (id === undefined) throw new Malformed('no mod id (quilt_loader.id)');
  const metadata = field(loader, 'metadata');
  const contact = field(metadata, 'contact');
  const depends = dependencies(field(loader, 'depends'));
  const loaderRange = depends.has('quilt_loader')
    ? range(depends.get('quilt_loader'), 'depends quilt_loader', warn)
    : undefined;
  return [
    {
      format: 'quilt',
      id,
      name: text(field(metadata, 'name'), 'metadata.name', warn),
      version: text(field(loader, 'version'), 'quilt_loader.version', warn),
      // Contributors are an object of name → role.
      authors: authors(Object.keys(table(field(metadata, 'contributors')) ?? {}), 'metadata.contributors', warn),
      description: description(field(metadata, 'description'), 'metadata.description', warn),
      url:
        webUrl(field(contact, 'homepage'), 'metadata.contact.homepage', warn) ??
        webUrl(field(contact, 'sources'), 'metadata.contact.sources', warn),
      minecraft: range(depends.get('minecraft'), 'depends minecraft', warn),
      loader: { name: 'quilt', ...(loaderRange !== undefined && { range: loaderRange }) },
      side: side(field(field(json, 'minecraft'), 'environment'), warn),
    },
  ];
}

/** Each dependency's id → its `versions` (undefined when it states none). */
function dependencies(value: unknown): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (!Array.isArray(value)) return found;
  for (const item of value) {
    if (typeof item === 'string') found.set(item, undefined);
    const id = field(item, 'id');
    if (typeof id === 'string' && !found.has(id)) found.set(id, field(item, 'versions'));
  }
  return found;
}

function side(value: unknown, warn: Warn): ModSide | undefined {
  const s = text(value, 'minecraft.environment', warn);
  if (s === undefined) return undefined;
  if (Object.hasOwn(SIDES, s)) return SIDES[s];
  warn(`minecraft.environment "${s}" is not client, dedicated_server or *: ignored`);
  return undefined;
}
