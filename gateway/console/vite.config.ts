// The console is a static single-page app served by the gateway under /console/ (gateway/src/console.ts).
// Hashed file names let the gateway cache assets for a year; each file is also written gzip- and
// brotli-compressed so that the gateway sends the smallest form a browser accepts without
// compressing on every request; the digest of the sources goes beside the build (scripts/source-hash.ts).
import { writeFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { sourceHash, STAMP } from './scripts/source-hash.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'depot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((n) => {
          const p = path.join(dir, n);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
      writeFileSync(path.join(outDir, STAMP), `${sourceHash()}\n`);
    },
  };
}

export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress()],
  // The typed client is a workspace package: bundle its TypeScript sources.
  resolve: { conditions: ['depot-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No inline scripts or styles: the gateway's Content-Security-Policy allows none.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  // `npm run dev -w @depot/console`: the API of a stack started with `npm start`.
  server: { proxy: { '/api': process.env.DEPOT_URL ?? 'http://127.0.0.1:8080' } },
});
