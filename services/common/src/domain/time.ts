/** The API's `<timestamp>`: UTC with microseconds and a trailing Z, e.g. 2024-01-01T00:00:00.000000Z. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export function formatNullableTimestamp(date: Date | null | undefined): string | undefined {
  return date ? formatTimestamp(date) : undefined;
}
