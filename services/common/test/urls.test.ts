import { mirrorBase, modDownloadUrl, modDownloadUrls, versionOfMirrorFile } from '../src/domain/urls';

describe('modDownloadUrl', () => {
  it('builds {mirror}/mods/{name}/{name}-{version}.zip', () => {
    expect(modDownloadUrl('http://mirror.test/repo/', 'buildcraft', '7.1.23')).toBe(
      'http://mirror.test/repo/mods/buildcraft/buildcraft-7.1.23.zip',
    );
  });

  it('ignores trailing slashes of the mirror', () => {
    for (const mirror of ['http://m.test', 'http://m.test/', 'http://m.test//']) {
      expect(modDownloadUrl(mirror, 'a', '1')).toBe('http://m.test/mods/a/a-1.zip');
    }
  });

  it('percent-encodes each segment as a URI component, leaving plain names alone', () => {
    expect(modDownloadUrl('http://m.test', 'my_mod.v2-x', '1.7.10-10.13.4.1614')).toBe(
      'http://m.test/mods/my_mod.v2-x/my_mod.v2-x-1.7.10-10.13.4.1614.zip',
    );
    expect(modDownloadUrl('http://m.test', 'mod', '1.0 beta+2#3?x&y=z%')).toBe(
      'http://m.test/mods/mod/mod-1.0%20beta%2B2%233%3Fx%26y%3Dz%25.zip',
    );
    expect(modDownloadUrl('http://m.test', 'mod', 'été')).toBe('http://m.test/mods/mod/mod-%C3%A9t%C3%A9.zip');
  });
});

describe('mirrorBase', () => {
  it('always ends with one slash', () => {
    expect(mirrorBase('http://m.test/repo')).toBe('http://m.test/repo/');
    expect(mirrorBase('http://m.test/repo/')).toBe('http://m.test/repo/');
  });
});

describe('modDownloadUrls', () => {
  it('gives the same URLs as modDownloadUrl, for many mods on one mirror', () => {
    for (const mirror of ['http://m.test', 'http://m.test/', 'http://m.test/repo//']) {
      const url = modDownloadUrls(mirror);
      expect(url('jei', '1.0 beta')).toBe(modDownloadUrl(mirror, 'jei', '1.0 beta'));
      expect(url('a b', 'été')).toBe(modDownloadUrl(mirror, 'a b', 'été'));
    }
    expect(modDownloadUrls('http://m.test/repo/')('jei', '1')).toBe('http://m.test/repo/mods/jei/jei-1.zip');
  });
});

describe('versionOfMirrorFile', () => {
  it('reads the version back from {name}-{version}.zip', () => {
    expect(versionOfMirrorFile('buildcraft', 'buildcraft-7.1.23.zip')).toBe('7.1.23');
    expect(versionOfMirrorFile('mod', 'mod-1.0-beta.zip')).toBe('1.0-beta');
    expect(versionOfMirrorFile('my-mod', 'my-mod-1-2.zip')).toBe('1-2');
    expect(versionOfMirrorFile('mod', 'mod-.zip.zip')).toBe('.zip');
  });

  it('is undefined for any other name, an empty version included', () => {
    for (const file of ['mod-.zip', 'mod.zip', 'mod-1.jar', 'other-1.zip', 'mod-1.zip.part', 'Mod-1.zip', '']) {
      expect(versionOfMirrorFile('mod', file)).toBeUndefined();
    }
  });
});
