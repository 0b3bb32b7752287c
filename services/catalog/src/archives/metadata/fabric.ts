// fabric.mod.json (schema version 1, https://fabricmc.net/wiki/documentation:fabric_mod_json_spec).
// `environment` is the mod's side: "client", "server", or "*" for both; absent, the file does not
// say (the loader then loads it on both, but the author has not stated it).
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

const SIDES: Record<string, ModSide> = { client: 'client', server: 'server', '*': 'both' };

export function readFabric(source: string, warn: Warn): ModFacts[] {
  const json = table(parseJson(source));
  if (!json) throw new Malformed('not a JSON object');
  const id = modId(field(json, 'id'), 'id', warn);
  if (id === undefined) throw new Malformed('no mod id');
  const contact = field(json, 'contact');
  const depends = field(json, 'depends');
  const loaderRange = range(field(depends, 'fabricloader'), 'depends.fabricloader', warn);
  return [
    {
      format: 'fabric',
      id,
      name: text(field(json, 'name'), 'name', warn),
      version: text(field(json, 'version'), 'version', warn),
      authors: authors(field(json, 'authors'), 'authors', warn),
      description: description(field(json, 'description'), 'description', warn),
      url:
        webUrl(field(contact, 'homepage'), 'contact.homepage', warn) ??
        webUrl(field(contact, 'sources'), 'contact.sources', warn),
      minecraft: range(field(depends, 'minecraft'), 'depends.minecraft', warn),
      loader: { name: 'fabric', ...(loaderRange !== undefined && { range: loaderRange }) },
      side: side(field(json, 'environment'), warn),
    },
  ];
}

function side(value: unknown, warn: Warn): ModSide | undefined {
  const s = text(value, 'environment', warn);
  if (s === undefined) return undefined;
  if (Object.hasOwn(SIDES, s)) return SIDES[s];
  warn(`environment "${s}" is not client, server or *: ignored`);
  return undefined;
}
