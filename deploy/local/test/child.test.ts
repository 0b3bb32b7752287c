import { describeExit, LineRing } from '../src/child';

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
