// The S3-compatible backend (AWS S3, Cloudflare R2, MinIO, Ceph), for more than one replica. A
// staged object is uploaded under `incoming/<uuid>` with @aws-sdk/lib-storage (a multipart upload
// of a stream whose length is unknown, a few parts in memory at a time), then copied to its
// content address and the staged copy removed: S3 has no rename, and an object appears whole or
// not at all. A multipart upload cut short is aborted; one that a crash left behind is removed by
// the bucket's lifecycle rule (docs/archives.md).
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DigestStream, StoreError, isStoreError } from './digest';
import {
  objectKey,
  STAGED_FOLDER,
  type ArchiveStore,
  type ObjectInfo,
  type StagedObject,
  type StoreEntry,
} from './object-store';
import type { ArchiveStoreSettings } from './settings';

/** 8 MiB parts, two in flight: at most ~16 MiB of an upload in memory, whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

type S3Failure = { name?: string; $metadata?: { httpStatusCode?: number } };
const isNotFound = (err: unknown) => {
  const e = err as S3Failure;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Every failure of S3 but "no such key" is the store failing (down, refusing, misconfigured). */
function unavailable(err: unknown, what: string): unknown {
  if (isStoreError(err)) return err;
  const e = err as S3Failure & Error;
  // An error the SDK did not raise (the body's own: cut short, not a zip) passes through.
  if (!e?.$metadata && !isNetworkError(e)) return err;
  return new StoreError(
    'unavailable',
    `the S3 store failed to ${what}: ${e?.name ?? ''} ${e?.message ?? String(err)}`.trim(),
    {
      cause: err,
    },
  );
}

function isNetworkError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code ?? '';
  const name = (err as Error)?.name ?? '';
  return /^E[A-Z]+$/.test(code) || name === 'TimeoutError' || name === 'RequestTimeout';
}

export class S3ArchiveStore implements ArchiveStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: ArchiveStoreSettings) {
    this.bucket = settings.ARCHIVE_S3_BUCKET!;
    this.prefix = settings.ARCHIVE_S3_PREFIX;
    const checksums = settings.ARCHIVE_S3_CHECKSUMS === 'when_supported' ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED';
    this.client = new S3Client({
      region: settings.ARCHIVE_S3_REGION,
      endpoint: settings.ARCHIVE_S3_ENDPOINT,
      forcePathStyle: settings.ARCHIVE_S3_FORCE_PATH_STYLE,
      credentials:
        settings.ARCHIVE_S3_ACCESS_KEY_ID && settings.ARCHIVE_S3_SECRET_ACCESS_KEY
          ? {
              accessKeyId: settings.ARCHIVE_S3_ACCESS_KEY_ID,
              secretAccessKey: settings.ARCHIVE_S3_SECRET_ACCESS_KEY,
            }
          : undefined,
      maxAttempts: settings.ARCHIVE_S3_MAX_ATTEMPTS,
      requestChecksumCalculation: checksums,
      responseChecksumValidation: checksums,
      requestHandler: {
        connectionTimeout: settings.ARCHIVE_S3_CONNECT_TIMEOUT_MS,
        requestTimeout: settings.ARCHIVE_S3_REQUEST_TIMEOUT_MS,
      },
    });
  }

  private key(sha256: string): string {
    return this.prefix + objectKey(sha256);
  }

  private stagedKey(name: string): string {
    return `${this.prefix}${STAGED_FOLDER}/${name}`;
  }

  async stage(body: Readable, maxBytes: number): Promise<StagedObject> {
    const name = randomUUID();
    const key = this.stagedKey(name);
    const digest = new DigestStream(maxBytes);
    // The first failure of the body or the digest (a cut-short upload, too large), which the
    // upload itself may report as its own abort.
    let failure: unknown;
    pipeline(body, digest, (err) => {
      if (err && failure === undefined) failure = err;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: digest },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      if (failure !== undefined) throw failure;
    } catch (err) {
      body.destroy();
      digest.destroy();
      // A small body goes up in one PutObject, which may have completed before the failure.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
      throw unavailable(failure ?? err, 'store an archive');
    }
    const digests = digest.digests();
    return {
      digests,
      read: (start, end) => this.readKey(key, start, end),
      commit: async () => {
        const target = this.key(digests.sha256);
        try {
          const existed = (await this.headKey(target)) !== undefined;
          // Over an existing copy too: the same bytes, with a fresh time for the sweep's grace.
          await this.client.send(
            new CopyObjectCommand({
              Bucket: this.bucket,
              Key: target,
              CopySource: `${this.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
            }),
          );
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
          return { existed };
        } catch (err) {
          throw unavailable(err, 'store an archive');
        }
      },
      discard: async () => {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
      },
    };
  }

  private async headKey(key: string): Promise<ObjectInfo | undefined> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, lastModified: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw unavailable(err, 'look up an archive');
    }
  }

  /**
   * Where the object of `sha256` is under `publicBase`, the bucket's public address or a CDN in
   * front of it (ending in `/`): the same key as in the bucket. The URL names the content: it never
   * changes while the object lives.
   */
  publicUrl(publicBase: string, sha256: string): string {
    return publicBase + this.key(sha256).split('/').map(encodeURIComponent).join('/');
  }

  /**
   * A presigned GET of the object of `sha256`, valid `seconds`, answered with `contentDisposition`
   * and a zip's type (signed locally: no request to S3).
   */
  presignedUrl(sha256: string, seconds: number, contentDisposition: string): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.key(sha256),
        ResponseContentDisposition: contentDisposition,
        ResponseContentType: 'application/zip',
      }),
      { expiresIn: seconds },
    );
  }

  head(sha256: string): Promise<ObjectInfo | undefined> {
    return this.headKey(this.key(sha256));
  }

  read(sha256: string, start: number, end: number): Promise<Readable> {
    return this.readKey(this.key(sha256), start, end);
  }

  private async readKey(key: string, start: number, end: number): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }),
      );
      // A failure half-way (the store went down) as the store's failure.
      const out = new PassThrough();
      pipeline(res.Body as Readable, out, (err) => {
        if (err) out.destroy(unavailable(err, 'read an archive') as Error);
      });
      return out;
    } catch (err) {
      if (isNotFound(err)) throw new StoreError('missing', `no object ${key}`);
      throw unavailable(err, 'read an archive');
    }
  }

  async delete(sha256: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(sha256) }));
    } catch (err) {
      if (!isNotFound(err)) throw unavailable(err, 'delete an archive');
    }
  }

  async *list(): AsyncIterable<StoreEntry> {
    for (const [kind, prefix] of [
      ['object', `${this.prefix}sha256/`],
      ['staged', `${this.prefix}${STAGED_FOLDER}/`],
    ] as const) {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await this.client.send(
            new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
          );
        } catch (err) {
          throw unavailable(err, 'list archives');
        }
        for (const item of page.Contents ?? []) {
          const name = item.Key!.slice(item.Key!.lastIndexOf('/') + 1);
          yield { kind, name, lastModified: item.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
  }

  async removeStaged(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.stagedKey(name) }));
    } catch (err) {
      if (!isNotFound(err)) throw unavailable(err, 'delete an archive');
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
