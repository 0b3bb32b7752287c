// A mirror for the browser tests: an HTTP server on loopback that serves the archives a test puts
// in it (path → body) and answers 404 for anything else, as a mod mirror would. A stack reads its
// address when it starts (MIRROR_URL), so the mirror is started first.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class ArchiveMirror {
  readonly archives = new Map<string, string>();
  private server: http.Server | undefined;
  /** The mirror's base URL (`http://127.0.0.1:<port>/repo/`), once started. */
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const body = this.archives.get(req.url ?? '');
      if (body === undefined) res.writeHead(404).end('Not Found');
      else res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/repo/`;
  }

  /** Serves `body` as the archive of a mod version, where Depot's mirror form puts it. */
  serve(mod: string, version: string, body: string): void {
    this.archives.set(`/repo/mods/${mod}/${mod}-${version}.zip`, body);
  }

  close(): void {
    this.server?.close();
  }
}
