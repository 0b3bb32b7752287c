// Pull-through to an https upstream checks its certificate (@fastify/reply-from turns undici's
// checks off unless told): an upstream whose certificate no trusted authority signed is a 502 and
// gets no request, as with any other failure; the same gateway's pull-through over http answers.
// The gateway runs against fake services (the catalog does not host the archive); the upstreams are
// servers of this test on loopback.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DepotError } from '@depot/common';
import { startHarness } from './routes/modpack-harness';

/** A self-signed certificate for 127.0.0.1 (P-256, valid until 2126), signed by no authority. */
const SELF_SIGNED = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgTT57xM4QlIl+XH2j
gmApErCloxP4Y7H2oPLN8x/JEvShRANCAAT/Sgdt0vdXPgtPDh1SdmH6Lz2R1FUJ
+GmlAX5P2VF0CJ/M+mtXn2cqokj9ApoNLQuA2bQ5Yj1n7CYaVLwHkJPA
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBjzCCATagAwIBAgIUO5PR1pauxGIGFb4k7NzRstOpXIswCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyODE1Mjk1OFoYDzIxMjYxMTA0
MTUyOTU4WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAT/Sgdt0vdXPgtPDh1SdmH6Lz2R1FUJ+GmlAX5P2VF0CJ/M+mtXn2cq
okj9ApoNLQuA2bQ5Yj1n7CYaVLwHkJPAo2QwYjAdBgNVHQ4EFgQUPlQASCKazLfL
OfXYsm9zadJ+p84wHwYDVR0jBBgwFoAUPlQASCKazLfLOfXYsm9zadJ+p84wDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0cAMEQC
ICw5NzwxgUrUCmF4unpD6qrZl37/nizxNEbW2WXF0TBkAiAg3+qxtyi3J3i0vgAE
qJL/KF+06T/5FJuFVINneGuNRw==
-----END CERTIFICATE-----
`,
};
const ZIP = Buffer.from('PK\x03\x04 an archive of the old mirror');

/** A GET of the archive through a gateway whose upstream is `upstream` and which hosts nothing. */
async function pulled(upstream: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-tls-'));
  const h = await startHarness({ env: { ARCHIVE_UPSTREAM_URL: upstream, ARCHIVE_STORE_DIR: dir } });
  try {
    h.catalog.stubs.GetVersion = () => Promise.reject(new DepotError('MOD_NOT_FOUND'));
    return await h.request('GET', '/mods/up/up-1.0.zip');
  } finally {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function listening(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

test('an https upstream whose certificate is not trusted is a 502 and is asked nothing', async () => {
  let asked = 0;
  const server = https.createServer(SELF_SIGNED, (_req, res) => {
    asked++;
    res.end(ZIP);
  });
  try {
    const res = await pulled(`https://127.0.0.1:${await listening(server)}/`);
    expect([res.status, res.json()]).toEqual([
      502,
      { error: 'The upstream mirror (ARCHIVE_UPSTREAM_URL) failed or cannot be reached.' },
    ]);
    expect(asked).toBe(0);
  } finally {
    server.close();
  }
});

test('the same archive over http is pulled through', async () => {
  const server = http.createServer((_req, res) => res.end(ZIP));
  try {
    const res = await pulled(`http://127.0.0.1:${await listening(server)}/`);
    expect([res.status, res.body]).toEqual([200, ZIP.toString()]);
  } finally {
    server.close();
  }
});
