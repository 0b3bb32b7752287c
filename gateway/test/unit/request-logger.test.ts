import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { lazyChildLoggerFactory } from '../../src/plugins/request-logger';

function logger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger, lines };
}

const factory = lazyChildLoggerFactory as unknown as (
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  opts: Record<string, unknown>,
) => FastifyBaseLogger;

describe('lazyChildLoggerFactory', () => {
  it('logs exactly as a child would, with the bindings, made on first use', () => {
    const { log, lines } = logger();
    const spy = jest.spyOn(log, 'child');
    const req = factory(log, { reqId: 'req-1' }, {});
    expect(spy).not.toHaveBeenCalled();
    expect(req.level).toBe('info');
    req.info({ a: 1 }, 'hello');
    req.debug('not shown');
    req.error(new Error('boom'));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ reqId: 'req-1', a: 1, msg: 'hello', level: 30 });
    expect(lines[1]).toMatchObject({ reqId: 'req-1', level: 50, err: { message: 'boom' } });
    const grandchild = req.child({ route: '/x' });
    grandchild.warn('w');
    expect(lines[2]).toMatchObject({ reqId: 'req-1', route: '/x', msg: 'w' });
  });

  it('honours a route log level and level changes', () => {
    const { log, lines } = logger();
    const req = factory(log, { reqId: 'r' }, { level: 'warn' });
    expect(req.level).toBe('warn');
    req.info('dropped');
    req.warn('kept');
    expect(lines.map((l) => l.msg)).toEqual(['kept']);
    req.level = 'debug';
    req.debug('now kept');
    expect(lines.map((l) => l.msg)).toEqual(['kept', 'now kept']);
  });
});
