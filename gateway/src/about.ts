// What the API says about itself (GET /api, the OpenAPI document's info): its name, the version of
// this package, its stream.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The same relative path from src/ and dist/.
const { version } = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
};

export const API_INFO = { api: 'Depot', version, stream: 'stable' } as const;
