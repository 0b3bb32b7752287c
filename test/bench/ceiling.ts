// The ceiling: a bare Fastify answering every GET with the same bytes as the gateway, in its own
// process like the gateway: the body and the headers of the gateway's answer (ETag, CORS, rate
// limit, request id...: fixed values here), Node adding the same Date, Connection, Keep-Alive and
// Content-Length. What the gateway could do at best on this machine for that answer. No logger:
// a bare Fastify (the gateway's access log is part of what is measured against it).
// Protocol over the IPC channel: it sends {port} once listening; {body, headers} replaces the
// answer and is answered {ok: true}.
import Fastify from 'fastify';

let body = Buffer.from('{}');
let headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };

async function main() {
  const app = Fastify({ logger: false });
  app.get('/*', (_req, reply) => {
    reply.headers(headers).send(body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', (msg: { body?: string; headers?: Record<string, string> }) => {
    if (typeof msg.body === 'string') body = Buffer.from(msg.body);
    if (msg.headers) headers = msg.headers;
    process.send!({ ok: true });
  });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
  process.send!({ port });
}

main().catch((err) => {
  process.stderr.write(`ceiling: ${String(err)}\n`);
  process.exit(1);
});
