// Debian's nginx (/usr/sbin/nginx) serving one folder on a loopback port, with a temporary
// configuration of its own (sendfile on, no access log), as the baseline of archive downloads.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@depot/common/testing';

export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * nginx serving `file` (the same bytes: a hard link, else a copy) at `{url}/archive.zip`, or
 * undefined when it is not installed. Its folder is world-readable: run as root, nginx's worker
 * drops to `nobody`.
 */
export async function startNginx(file: string): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  if (!fs.existsSync(NGINX)) return undefined;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-nginx-'));
  const root = path.join(prefix, 'www');
  fs.mkdirSync(root);
  for (const dir of [prefix, root]) fs.chmodSync(dir, 0o755);
  try {
    fs.linkSync(file, path.join(root, 'archive.zip'));
  } catch {
    fs.copyFileSync(file, path.join(root, 'archive.zip'));
  }
  fs.chmodSync(path.join(root, 'archive.zip'), 0o644);
  const port = await freePort();
  const temp = (name: string) => `${name} ${path.join(prefix, name)};`;
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  ${['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(temp).join('\n  ')}
  types { application/zip zip; }
  server { listen 127.0.0.1:${port}; root ${root}; }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
  await eventually(accepts, 10_000, 50);
  return {
    url: `http://127.0.0.1:${port}/archive.zip`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
