import { renderBuildMods } from '../src/build-mods';
import type { ResolvedVersionRow } from '../src/queries';

const version = (over: Partial<ResolvedVersionRow> = {}): ResolvedVersionRow => ({
  id: 11,
  mod_id: 5,
  mod_name: 'buildcraft',
  version: '7.1.0',
  md5: 'd41d8cd98f00b204e9800998ecf8427e',
  filesize: null,
  url: null,
  server_only: null,
  ...over,
});

const mods = (rows: ResolvedVersionRow[], mirror = 'http://m', withDetails = false) =>
  JSON.parse(renderBuildMods(rows, mirror, withDetails).json.toString());

describe('renderBuildMods', () => {
  it('builds the download url from the mirror without doubling slashes; filesize as a number', () => {
    // node-postgres answers int8 columns as strings
    expect(mods([version({ filesize: '1234' })], 'http://mirror.test/')).toEqual([
      {
        id: 11,
        name: 'buildcraft',
        version: '7.1.0',
        md5: 'd41d8cd98f00b204e9800998ecf8427e',
        filesize: 1234,
        url: 'http://mirror.test/mods/buildcraft/buildcraft-7.1.0.zip',
      },
    ]);
  });

  it('keeps the field order of Solder', () => {
    const json = renderBuildMods([version({ filesize: 1 })], 'http://m', true).json.toString();
    expect(Object.keys(JSON.parse(json)[0])).toEqual([
      'id',
      'name',
      'version',
      'md5',
      'filesize',
      'url',
      'pretty_name',
      'author',
      'description',
      'link',
    ]);
  });

  it('percent-encodes segments that need it', () => {
    expect(mods([version({ version: '1.0 beta+1' })])[0].url).toBe(
      'http://m/mods/buildcraft/buildcraft-1.0%20beta%2B1.zip',
    );
  });

  it("shows a version's own url instead of the mirror's, with or without details", () => {
    const own = 'https://cdn.example.com/files/BuildCraft 7.1.0.jar?dl=1';
    expect(mods([version({ url: own }), version({ id: 12, mod_name: 'jei' })])[0].url).toBe(own);
    expect(mods([version({ url: own }), version({ id: 12, mod_name: 'jei' })])[1].url).toBe(
      'http://m/mods/jei/jei-7.1.0.zip',
    );
    expect(mods([version({ url: own })], 'http://m', true)[0].url).toBe(own);
  });

  it('has null filesize when unset', () => {
    expect(mods([version()])[0].filesize).toBeNull();
  });

  it('adds the mod details with include=mods: pretty_name a string, the rest null when unset', () => {
    expect(mods([version({ pretty_name: '' })], 'http://m', true)).toEqual([
      {
        id: 11,
        name: 'buildcraft',
        version: '7.1.0',
        md5: 'd41d8cd98f00b204e9800998ecf8427e',
        filesize: null,
        url: 'http://m/mods/buildcraft/buildcraft-7.1.0.zip',
        pretty_name: '',
        author: null,
        description: null,
        link: null,
      },
    ]);
    expect(
      mods(
        [version({ pretty_name: 'BuildCraft', author: 'SpaceToad', description: 'Pipes', link: 'https://bc.test' })],
        'http://m',
        true,
      )[0],
    ).toMatchObject({ pretty_name: 'BuildCraft', author: 'SpaceToad', description: 'Pipes', link: 'https://bc.test' });
  });

  it('sorts mods naturally and case-insensitively by name, and lists their ids and names in that order', () => {
    const rows = [
      version({ id: 1, mod_id: 21, mod_name: 'mod10' }),
      version({ id: 2, mod_id: 22, mod_name: 'Zeta' }),
      version({ id: 3, mod_id: 23, mod_name: 'mod2' }),
      version({ id: 4, mod_id: 24, mod_name: 'alpha' }),
    ];
    const out = renderBuildMods(rows, 'http://m', false);
    const list = JSON.parse(out.json.toString()) as { id: number; name: string }[];
    expect(list.map((m) => m.name)).toEqual(['alpha', 'mod2', 'mod10', 'Zeta']);
    expect(list.map((m) => m.id)).toEqual([4, 3, 1, 2]);
    expect(out.modIds).toEqual([24, 23, 21, 22]);
    expect(out.modNames).toEqual(['alpha', 'mod2', 'mod10', 'Zeta']);
  });

  it('renders no versions as an empty array', () => {
    expect(renderBuildMods([], 'http://m', true).json.toString()).toBe('[]');
  });
});
