// Supervision: the backoff between restarts, giving up after repeated crashes in a short time,
// and what the launcher says at each step.
import { CrashLoop, DEFAULT_SUPERVISION, Supervisor, type Supervised } from '../src/supervisor';

describe('CrashLoop', () => {
  it('doubles the delay with each crash in the window, and gives up at the fifth', () => {
    const loop = new CrashLoop(DEFAULT_SUPERVISION);
    expect([0, 1000, 3000, 7000].map((t) => loop.crashed(t))).toEqual([
      { restartInMs: 500, crashes: 1 },
      { restartInMs: 1000, crashes: 2 },
      { restartInMs: 2000, crashes: 3 },
      { restartInMs: 4000, crashes: 4 },
    ]);
    expect(loop.crashed(15_000)).toEqual({ giveUp: true, crashes: 5 });
  });

  it('forgets crashes older than the window: a process that ran a while starts afresh', () => {
    const loop = new CrashLoop(DEFAULT_SUPERVISION);
    loop.crashed(0);
    loop.crashed(1000);
    expect(loop.crashed(60_500)).toEqual({ restartInMs: 1000, crashes: 2 });
    expect(loop.crashed(200_000)).toEqual({ restartInMs: 500, crashes: 1 });
  });

  it('caps the delay', () => {
    const loop = new CrashLoop({ ...DEFAULT_SUPERVISION, maxCrashes: 20 });
    const delays = Array.from({ length: 8 }, (_, i) => (loop.crashed(i) as { restartInMs: number }).restartInMs);
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  });
});

describe('Supervisor', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const lines: string[] = [];
    const gaveUp: [string, string][] = [];
    const supervisor = new Supervisor(DEFAULT_SUPERVISION, {
      log: (line) => lines.push(line),
      giveUp: (name, message) => gaveUp.push([name, message]),
    });
    let restarts = 0;
    let healthy = true;
    let running = false;
    const killed: number[] = [];
    const target: Supervised = {
      restart: async () => {
        restarts++;
        running = true;
        if (!healthy) throw new Error('auth was not ready within 60 s. Last output:\n...');
      },
      recentOutput: () => 'line 1\nline 2',
      running: () => running,
      kill: () => void killed.push(restarts),
    };
    return {
      supervisor,
      target,
      lines,
      gaveUp,
      killed,
      restarts: () => restarts,
      unhealthy: () => (healthy = false),
    };
  }
  const sigkill = { code: null, signal: 'SIGKILL' as const };

  it('restarts a crashed process after the backoff and says so, with the exit reason', async () => {
    const s = setup();
    s.supervisor.crashed('catalog', sigkill, s.target);
    expect(s.lines).toEqual([
      'catalog exited unexpectedly (killed by SIGKILL); restarting it in 0.5 s (crash 1 within 60 s; at 5 the launcher gives up)',
    ]);
    await jest.advanceTimersByTimeAsync(499);
    expect(s.restarts()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(s.restarts()).toBe(1);
    expect(s.lines[1]).toMatch(/^catalog restarted, healthy after \d+\.\d s$/);

    s.supervisor.crashed('catalog', { code: 1, signal: null }, s.target);
    expect(s.lines[2]).toBe(
      'catalog exited unexpectedly (exit code 1); restarting it in 1.0 s (crash 2 within 60 s; at 5 the launcher gives up)',
    );
  });

  it('gives up at the fifth crash within the window, quoting the last output', async () => {
    const s = setup();
    for (let i = 0; i < 4; i++) {
      s.supervisor.crashed('builds', sigkill, s.target);
      await jest.advanceTimersByTimeAsync(10_000);
    }
    expect(s.restarts()).toBe(4);
    s.supervisor.crashed('builds', { code: 1, signal: null }, s.target);
    expect(s.gaveUp).toEqual([
      [
        'builds',
        'builds exited unexpectedly 5 times within 60 s (last: exit code 1); not restarting it again. Its last output:\nline 1\nline 2',
      ],
    ]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(s.restarts()).toBe(4);
  });

  it('a restart that does not become healthy is stopped, and that exit is the next crash', async () => {
    const s = setup();
    s.unhealthy();
    s.supervisor.crashed('auth', sigkill, s.target);
    await jest.advanceTimersByTimeAsync(500);
    expect(s.killed).toEqual([1]);
    expect(s.lines[1]).toBe('auth did not come back: auth was not ready within 60 s. Last output:');
  });

  it('no restart once cancelled (started or stopped on purpose) or once the stack stops', async () => {
    const s = setup();
    s.supervisor.crashed('gateway', sigkill, s.target);
    s.supervisor.cancel('gateway');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(s.restarts()).toBe(0);
    s.supervisor.crashed('gateway', sigkill, s.target);
    s.supervisor.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    s.supervisor.crashed('gateway', sigkill, s.target);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(s.restarts()).toBe(0);
  });
});
