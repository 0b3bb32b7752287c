// The store contract against the S3 backend, over HTTP to a real S3-protocol server (s3rver).
import { catalogConfigSchema } from '../../../src/config';
import { S3ArchiveStore } from '@depot/common/archive-store';
import { startS3Server } from './s3rver';
import { storeContract } from './store-contract';

describe('s3 archive store', () => {
  storeContract(async () => {
    const s3 = await startS3Server();
    const settings = catalogConfigSchema.parse({ DATABASE_URL: 'postgres://unused/unused', ...s3.env });
    const store = new S3ArchiveStore(settings);
    return {
      store,
      async close() {
        await store.close();
        await s3.remove();
      },
    };
  });
});
