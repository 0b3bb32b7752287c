// The store contract against the filesystem backend, in a folder of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FsArchiveStore } from '@depot/common/archive-store';
import { storeContract } from './store-contract';

describe('fs archive store', () => {
  storeContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-fs-store-'));
    return { store: new FsArchiveStore(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  });
});
