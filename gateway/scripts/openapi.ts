// Writes the OpenAPI document of the gateway's registered routes to stdout or a file, without
// connecting to anything (gRPC channels connect lazily): `npm run openapi -w @depot/gateway -- out.json`.
// The typed client (@depot/api-client) is generated from it, with every optional feature on
// (MOD_VERSION_URLS), so that its users can send every field a gateway may take.
import { writeFileSync } from 'node:fs';
import pino from 'pino';
import { buildGateway } from '../src/app';
import { createServiceClients } from '../src/clients';
import { loadGatewayConfig } from '../src/config';

export async function openApiDocument(): Promise<unknown> {
  const config = loadGatewayConfig({ LOG_LEVEL: 'silent', CACHE_ENABLED: 'false', MOD_VERSION_URLS: 'true' });
  const clients = createServiceClients(config);
  const app = await buildGateway({ config, clients, logger: pino({ level: 'silent' }) });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    for (const c of Object.values(clients)) c.close();
  }
}

if (require.main === module) {
  openApiDocument().then(
    (doc) => {
      const text = `${JSON.stringify(doc, null, 2)}\n`;
      const out = process.argv[2];
      if (out) writeFileSync(out, text);
      else process.stdout.write(text);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
