// The ceiling: a bare Fastify answering every GET with one pre-serialized body, in its own process
// like the gateway. What the gateway could do at best on this machine for a body of that size.
// Protocol over the IPC channel: it sends {port} once listening; {body} replaces the body and is
// answered {ok: true}.
import Fastify from 'fastify';

let body = Buffer.from('{}');

async function main() {
  const app = Fastify({ logger: false });
  app.get('/*', (_req, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', (msg: { body?: string }) => {
    if (typeof msg.body === 'string') body = Buffer.from(msg.body);
    process.send!({ ok: true });
  });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
  process.send!({ port });
}

main().catch((err) => {
  process.stderr.write(`ceiling: ${String(err)}\n`);
  process.exit(1);
});
