// mcmod.info, Forge's metadata up to Minecraft 1.12: a JSON list of mods, or (version 2)
// `{ "modListVersion": 2, "modList": [...] }`. Written by hand for years and read by a lenient
// parser, so real files carry trailing commas and byte order marks (tolerated by parseJson) and
// unexpanded `${version}` placeholders (dropped by text()). It states no side and no loader range.
import { authors, description, field, Malformed, modId, text, webUrl, type ModFacts, type Warn } from './facts';
import { parseJson } from './text';

export function readMcmodInfo(source: string, warn: Warn): ModFacts[] {
  const json = parseJson(source);
  const list = Array.isArray(json) ? json : field(json, 'modList');
  if (!Array.isArray(list)) throw new Malformed('neither a list of mods nor an object with a modList');
  const found: ModFacts[] = [];
  for (const [i, mod] of list.entries()) {
    const where = `[${i}]`;
    const id = modId(field(mod, 'modid'), `${where}.modid`, warn);
    if (id === undefined) {
      warn(`${where} has no modid: skipped`);
      continue;
    }
    const authorList = field(mod, 'authorList') ?? field(mod, 'authors');
    found.push({
      format: 'mcmod.info',
      id,
      name: text(field(mod, 'name'), `${where}.name`, warn),
      version: text(field(mod, 'version'), `${where}.version`, warn),
      authors: authors(authorList, `${where}.authorList`, warn),
      description: description(field(mod, 'description'), `${where}.description`, warn),
      url: webUrl(field(mod, 'url'), `${where}.url`, warn),
      minecraft: text(field(mod, 'mcversion'), `${where}.mcversion`, warn),
      loader: { name: 'forge' },
    });
  }
  return found;
}
