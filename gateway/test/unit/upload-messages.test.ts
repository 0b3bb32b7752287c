// The upload's own serializer (proto/src/upload-messages.ts) must give the catalog exactly what
// proto-loader's would: the catalog decodes them with the generated deserializer.
import { randomBytes } from 'node:crypto';
import { CatalogService, catalogUpload } from '@depot/proto';

const decode = (bytes: Buffer) =>
  CatalogService.service.UploadVersionArchive.requestDeserialize(bytes) as { header?: unknown; data?: Buffer };

describe('UploadVersionArchive messages', () => {
  it.each([
    ['one byte', [1]],
    ['a length over one varint byte', [100, 28]],
    ['the body reads of a message', [65536, 65536, 65536, 65536]],
    ['an odd split', [1, 65535, 3, 70000]],
  ])('carry %s as one data field', (_name, sizes) => {
    const reads = sizes.map((n) => randomBytes(n));
    const bytes = sizes.reduce((a, b) => a + b, 0);
    const encoded = catalogUpload.serialize({ reads, bytes });
    // (Buffer.compare: Jest's deep equality takes seconds over 256 KiB.)
    expect(Buffer.compare(decode(encoded).data!, Buffer.concat(reads))).toBe(0);
    const expected = CatalogService.service.UploadVersionArchive.requestSerialize({ data: Buffer.concat(reads) });
    expect(Buffer.compare(encoded, expected)).toBe(0);
  });

  it('carry the header as proto-loader encodes it', () => {
    const header = { slug: 'jei', version: '1.0', create_version: true, replace: false, file_name: 'jei.jar', size: 3 };
    const encoded = catalogUpload.serialize({ header });
    expect(encoded).toEqual(CatalogService.service.UploadVersionArchive.requestSerialize({ header }));
    expect(decode(encoded).header).toMatchObject(header);
  });
});
