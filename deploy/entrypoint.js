#!/usr/bin/env node
// Entry point of the Depot container image: `node deploy/entrypoint.js <process>` runs one Depot
// process from the compiled workspaces of the image (see deploy/Dockerfile).
//
// The process is loaded into this same node process (no child process, no shell), so node stays
// PID 1 and SIGTERM reaches the service's own handlers (runMain in services/common), which turn
// gRPC health NOT_SERVING, let in-flight calls finish, stop consumers and exit.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const PROCESSES = {
  catalog: ['services/catalog/dist/main.js', 'catalog gRPC service (mods, versions), :50051'],
  builds: ['services/builds/dist/main.js', 'builds gRPC service (modpacks, builds, assignments), :50052'],
  auth: ['services/auth/dist/main.js', 'auth gRPC service (users, tokens, keys, clients), :50053'],
  hooks: ['services/hooks/dist/main.js', 'hooks gRPC service (webhook endpoints, deliveries), :50055'],
  gateway: ['gateway/dist/main.js', 'public HTTP API (Solder contract), :8080'],
  'migrate-catalog': ['services/catalog/dist/migrate.js', "apply the catalog database's pending migrations, then exit"],
  'migrate-builds': ['services/builds/dist/migrate.js', "apply the builds database's pending migrations, then exit"],
  'migrate-auth': ['services/auth/dist/migrate.js', "apply the auth database's pending migrations, then exit"],
  'migrate-hooks': ['services/hooks/dist/migrate.js', "apply the hooks database's pending migrations, then exit"],
  admin: ['services/admin/dist/cli.js', 'admin CLI: user, token, key, client, import-solder (`admin --help`)'],
};

function usage(stream) {
  const width = Math.max(...Object.keys(PROCESSES).map((k) => k.length));
  stream.write('usage: node deploy/entrypoint.js <process>\n\nprocesses:\n');
  for (const [name, [, what]] of Object.entries(PROCESSES)) stream.write(`  ${name.padEnd(width)}  ${what}\n`);
  stream.write('\nEvery setting is an environment variable (see docs/configuration.md).\n');
}

const name = process.argv[2];
if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
  usage(process.stdout);
  process.exit(name === undefined ? 64 : 0);
}
if (!Object.prototype.hasOwnProperty.call(PROCESSES, name)) {
  process.stderr.write(`deploy/entrypoint.js: unknown process "${name}"\n\n`);
  usage(process.stderr);
  process.exit(64);
}

const file = path.join(ROOT, PROCESSES[name][0]);
if (!fs.existsSync(file)) {
  process.stderr.write(
    `deploy/entrypoint.js: ${path.relative(ROOT, file)} is missing from this image ` +
      `(was its source file part of the build?)\n`,
  );
  process.exit(1);
}

// As PID 1 of a container, node gets no default action for SIGTERM/SIGINT: without a handler the
// signal is ignored and the pod waits for its whole grace period before being killed. A service
// installs its own (draining) handlers once it has started; until then — waiting for the
// database or NATS, or running migrations, which are transactional — stop at once.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, function beforeStarted() {
    if (process.listenerCount(signal) === 1) {
      process.stderr.write(`depot-${name}: ${signal} received before the process was ready; exiting\n`);
      process.exit(128 + (signal === 'SIGTERM' ? 15 : 2));
    }
  });
}

// The loaded module sees the arguments after the process name as its own.
process.argv.splice(2, 1);
process.title = `depot-${name}`;
require(file);
