// How values are shown.

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1048576 → "1 MB (1,048,576 bytes)"; null → "unknown". */
export function fileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return 'unknown';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const exact = `${bytes.toLocaleString('en')} bytes`;
  if (unit === 0) return exact;
  return `${value.toLocaleString('en', { maximumFractionDigits: 1 })} ${UNITS[unit]} (${exact})`;
}

/** "2024-01-02T03:04:05.000000Z" → "2 Jan 2024, 03:04" in the browser's time zone. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return 'never';
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
