// UploadVersionArchive's messages as the sender writes them, with the file's bytes encoded in one
// copy. proto-loader's serializer copies a `bytes` field into the message it encodes, so a sender
// that first gathers the body's reads into one Buffer copies every byte twice before grpc-js frames
// it (a third copy): 200 MB of upload became 600 MB of Buffers for V8 to collect. Here the reads
// are passed as they are and copied once, behind the field's key and length, into the encoded
// message (docs/performance.md#where-an-uploads-time-goes). The receiver decodes them as usual.
import { Writer } from 'protobufjs/minimal';
import type { UploadArchiveChunk } from './generated/depot/catalog/v1/UploadArchiveChunk';
import type { UploadArchiveHeader } from './generated/depot/catalog/v1/UploadArchiveHeader';

/** `UploadArchiveChunk.data`: field 2 of catalog.proto, length-delimited (wire type 2). */
const DATA_KEY = (2 << 3) | 2;

/** The header, first; then the file's bytes, as the reads that make one message (in order). */
export type UploadMessage = { header: UploadArchiveHeader } | { reads: Buffer[]; bytes: number };

/** A serializer of UploadMessage (a client-streamed call's `serialize`): the header as proto-loader encodes it. */
export function uploadSerializer(
  serializeChunk: (chunk: UploadArchiveChunk) => Buffer,
): (message: UploadMessage) => Buffer {
  return (message) => {
    if ('header' in message) return serializeChunk({ header: message.header });
    const prefix = Writer.create().uint32(DATA_KEY).uint32(message.bytes).finish();
    return Buffer.concat([prefix, ...message.reads], prefix.length + message.bytes);
  };
}
