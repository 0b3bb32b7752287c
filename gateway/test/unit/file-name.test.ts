// Where an upload's file name comes from (pipeline/file-name.ts): the query's field, else the
// `Content-Disposition` header's `filename*` or `filename`, else the path's segment. Over the
// routes: test/routes/archive-names.routes.test.ts; over a real stack: e2e/archive-upload-names.
import { dispositionFileName, withFileName } from '../../src/pipeline/file-name';

describe('dispositionFileName', () => {
  it.each([
    ['a quoted filename', 'attachment; filename="jei-1.0.jar"', 'jei-1.0.jar'],
    ['a token filename', 'attachment; filename=jei-1.0.jar', 'jei-1.0.jar'],
    ['any disposition type, any case', 'INLINE; FileName="jei.jar"', 'jei.jar'],
    ['spaces and an escaped quote', 'attachment; filename="my \\"best\\" mod.jar"', 'my "best" mod.jar'],
    ['filename* in UTF-8 (RFC 8187)', "attachment; filename*=UTF-8''na%C3%AFve%20%E2%9C%93.jar", 'naïve ✓.jar'],
    [
      'filename* over filename, after it',
      'attachment; filename="naive.jar"; filename*=UTF-8\'\'na%C3%AFve.jar',
      'naïve.jar',
    ],
    [
      'filename* over filename, before it',
      'attachment; filename*=UTF-8\'\'na%C3%AFve.jar; filename="naive.jar"',
      'naïve.jar',
    ],
    ['filename* with a language', "attachment; filename*=utf-8'fr'caf%C3%A9.zip", 'café.zip'],
    ['filename* in ISO-8859-1', "attachment; filename*=ISO-8859-1''caf%E9.zip", 'café.zip'],
    [
      'filename when filename* does not decode (unknown charset)',
      'attachment; filename*=KOI8-R\'\'%C1.jar; filename="fallback.jar"',
      'fallback.jar',
    ],
    [
      'filename when filename* does not decode (bad UTF-8)',
      'attachment; filename="fallback.jar"; filename*=UTF-8\'\'%C3.jar',
      'fallback.jar',
    ],
    ['an empty filename, as given (judged as a missing one)', 'attachment; filename=""', ''],
    ['a path, as given (the catalog keeps its last part)', 'attachment; filename="C:/mods/jei.jar"', 'C:/mods/jei.jar'],
  ])('%s', (_name, header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });

  it.each([
    ['no header', undefined],
    ['no filename', 'attachment'],
    ['another parameter only', 'attachment; name="file"'],
    ['an empty header', ''],
    ['no disposition type', 'filename=jei.jar'],
    ['filename* alone that does not decode', 'attachment; filename*=nope.jar'],
  ])('none from %s', (_name, header) => {
    expect(dispositionFileName(header)).toBeUndefined();
  });
});

describe('withFileName: the query, then the header, then the path', () => {
  const header = 'attachment; filename="from-header.jar"';
  const cases: [string, Record<string, unknown>, string | undefined, unknown, unknown][] = [
    [
      'the query over the header and the path',
      { file_name: 'from-query.jar' },
      header,
      'from-path.jar',
      'from-query.jar',
    ],
    ['the query even when empty (refused as today)', { file_name: '' }, header, 'from-path.jar', ''],
    [
      'the query even when repeated (refused as today)',
      { file_name: ['a.jar', 'b.jar'] },
      header,
      undefined,
      ['a.jar', 'b.jar'],
    ],
    ['the header over the path', {}, header, 'from-path.jar', 'from-header.jar'],
    ['the path without a header name', {}, 'attachment', 'from-path.jar', 'from-path.jar'],
    ['the path without a header', {}, undefined, 'from-path.jar', 'from-path.jar'],
    ['none: left out (the required field answers)', {}, undefined, undefined, undefined],
  ];
  it.each(cases)('%s', (_name, query, disposition, segment, name) => {
    const judged = withFileName({ create: 'true', ...query }, 'file_name', { disposition, segment });
    expect(judged).toEqual({ create: 'true', ...(name === undefined ? {} : { file_name: name }) });
  });

  it('leaves the query itself as it was', () => {
    const query = { create: 'true' };
    withFileName(query, 'file_name', { disposition: 'attachment; filename=a.jar' });
    expect(query).toEqual({ create: 'true' });
  });
});
