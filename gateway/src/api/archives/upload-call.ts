// An upload forwarded to the catalog as it arrives: the request body into UploadVersionArchive
// through the shared upload client (@depot/proto uploadArchive: batching, backpressure, the idle
// and overall bounds), the body's own failures answered in the gateway's words. The catalog's
// refusals are the gateway's usual error path's to answer; the byte limit is the route's
// (docs/api.md#limits), and the catalog's own. The catalog may answer before the body ends: the
// rest is then left to the route.
import type { Readable } from 'node:stream';
import { uploadArchive, UploadBodyError, type catalogV1, type UploadClient } from '@depot/proto';
import { answer } from '../../errors';

export interface UploadCall {
  header: catalogV1.UploadArchiveHeader;
  body: Readable;
  /** When the body must have ended (epoch ms). */
  bodyDeadline: number;
  /** How long the catalog may take to check and record the upload once the body has ended. */
  recordMs: number;
  /** The longest time without a byte while the gateway is reading. */
  idleMs: number;
}

export async function forwardUpload(
  client: UploadClient,
  call: UploadCall,
): Promise<catalogV1.UploadArchiveResponse__Output> {
  try {
    return await uploadArchive(client, call);
  } catch (err) {
    // Too slow (nothing stored: the call is cancelled, the catalog removes the staged bytes), or cut short.
    if (err instanceof UploadBodyError)
      throw answer(err.problem === 'cut_short' ? 'archiveCutShort' : 'archiveUploadTimeout');
    throw err;
  }
}
