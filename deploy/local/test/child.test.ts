import { describeExit, LineRing, ManagedChild } from '../src/child';

describe('LineRing', () => {
  it('keeps every line until full, oldest first', () => {
    const ring = new LineRing(3);
    ring.add('a');
    ring.add('b');
    expect(ring.tail()).toEqual(['a', 'b']);
  });

  it('drops the oldest lines once full', () => {
    const ring = new LineRing(3);
    for (const line of ['a', 'b', 'c', 'd', 'e']) ring.add(line);
    expect(ring.tail()).toEqual(['c', 'd', 'e']);
    expect(ring.tail(2)).toEqual(['d', 'e']);
    ring.add('f');
    ring.add('g');
    expect(ring.tail()).toEqual(['e', 'f', 'g']);
  });
});

describe('describeExit', () => {
  it('names the signal or the exit code', () => {
    expect(describeExit({ code: null, signal: 'SIGKILL' })).toBe('killed by SIGKILL');
    expect(describeExit({ code: 3, signal: null })).toBe('exit code 3');
  });
});

describe('ManagedChild output', () => {
  it('keeps whole lines across chunks, CRLF as one break, a last line without a newline too', async () => {
    const script =
      'process.stdout.write("a\\nb"); setTimeout(() => { process.stdout.write("c\\r\\nd\\n\\u00e9t\\u00e9\\nlast"); process.stderr.write("oops\\n"); }, 50);';
    const child = new ManagedChild({
      name: 'lines',
      command: process.execPath,
      args: ['-e', script],
      cwd: process.cwd(),
      env: process.env,
      stdio: 'pipe',
    });
    const exited = new Promise<void>((resolve) => (child.onExit = () => resolve()));
    child.start();
    await exited;
    // (stdout and stderr may end in either order)
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = child.output.tail();
    expect(lines.filter((l) => l !== 'oops')).toEqual(['a', 'bc', 'd', 'été', 'last']);
    expect(lines).toContain('oops');
  });
});
