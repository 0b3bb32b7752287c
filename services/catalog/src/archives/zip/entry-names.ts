// Names as the Technic Launcher will meet them (docs/archives.md#checks): it reads a zip with Java's
// java.util.zip, which decodes every entry's name as UTF-8 (and throws on a name that is not), and
// writes each entry to `new File(modpackFolder, name)` on Windows as on Linux and macOS; and an
// upload's file name becomes the name of a file in the player's mods/ folder.

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });
const CONTROL = /\p{Cc}/u;
/** A segment naming a drive (`C:`, `C:x`): Windows resolves it on that drive, not in the folder. */
const DRIVE = /^[a-z]:/i;
/** `..`, and the `...`, `.. ` Windows reads as `..` (it drops a name's trailing dots and spaces). */
const PARENT = /^\.\.[. ]*$/;
const WINDOWS_FORBIDS = /[<>:"|?*\\/]/;
/** Device names, which Windows keeps whatever the extension (`nul.jar` is the device NUL). */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** A name as a message shows it: quoted, control characters escaped, cut short. */
export function shown(name: string | Buffer): string {
  const text = typeof name === 'string' ? name : lossy.decode(name);
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);
}

/** The entry's name decoded as Java decodes it, or undefined when Java cannot. */
export function javaName(raw: Buffer): string | undefined {
  try {
    return utf8.decode(raw);
  } catch {
    return undefined;
  }
}

/** Why an entry of this name cannot be extracted into the modpack's folder; undefined: it can. */
export function entryNameProblem(raw: Buffer): string | undefined {
  const name = javaName(raw);
  if (name === undefined)
    return `The zip's entry ${shown(raw)} has a name that is not UTF-8, which the launcher cannot read.`;
  if (name === '') return 'The zip has an entry without a name.';
  if (CONTROL.test(name)) return `The zip's entry ${shown(name)} has a control character in its name.`;
  // `\` separates folders on Windows: `..\x` and `\x` escape there as `../x` and `/x` do elsewhere.
  const segments = name.split(/[\\/]/);
  if (segments[0] === '' || segments.some((s) => DRIVE.test(s) || PARENT.test(s))) {
    return `The zip's entry ${shown(name)} would be extracted outside the modpack's folder.`;
  }
  return undefined;
}

/** The file an entry's name gives, for telling duplicates: `mods/./a.jar`, `mods\a.jar` are `mods/a.jar`. */
export function extractedPath(name: string): string {
  return name
    .split(/[\\/]/)
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}

/** The folders the launcher extracts a mod archive into (one of them at the top: no warning). */
export const LAUNCHER_FOLDERS = ['mods', 'config', 'bin'];

/** Whether an entry lands in one of the launcher's folders. */
export const inLauncherFolder = (name: string) => LAUNCHER_FOLDERS.includes(name.split(/[\\/]/, 1)[0]);

/**
 * Why an upload's file name cannot be a file's name in the player's mods/ folder (Windows has the
 * strictest rules, and Java follows them there); undefined: it can.
 */
export function fileNameProblem(base: string): string | undefined {
  if (CONTROL.test(base)) return 'The file name may not contain control characters.';
  const forbidden = WINDOWS_FORBIDS.exec(base);
  if (forbidden) return `The file name may not contain ${forbidden[0]} (Windows does not allow it in a file name).`;
  if (/[. ]$/.test(base)) return 'The file name may not end in a dot or a space.';
  if (DEVICE.test(base.split('.')[0].trimEnd())) {
    return `The file name may not be ${shown(base)}: Windows reserves that name for a device.`;
  }
  if (Buffer.byteLength(base) > 255) return 'The file name may not be longer than 255 bytes.';
  return undefined;
}
