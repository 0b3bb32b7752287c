// The stack every benchmark measures: the gateway as deployed, not as the tests run it. The tests
// turn the access log off (LOG_LEVEL=warn) and the general rate limit off; here the gateway writes
// its access log line for every request (LOG_LEVEL=info) and counts every request against the
// general limit (no address exempt, a limit the load never reaches), so a cached read pays for both.
import { startTestStack, type TestStack } from '../support';

export const BENCH_GATEWAY_ENV = { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_ALLOWLIST: '' };

/** A test stack (with `options`, e.g. the archive store's folder) whose gateway runs as deployed. */
type StackOptions = NonNullable<Parameters<typeof startTestStack>[0]>;

export function startBenchStack(options: StackOptions = {}): Promise<TestStack> {
  return startTestStack({
    ...options,
    services: { ...options.services, gateway: { ...options.services?.gateway, ...BENCH_GATEWAY_ENV } },
  });
}

/**
 * What a gateway of `npm start` is given by default besides the stack's settings: pretty logs
 * (through pino-pretty's worker), its access lines as JSON in `accessLogFile`
 * (deploy/local/src/access-log.ts; .data/logs/gateway-access.log there).
 */
export function npmStartGatewayEnv(accessLogFile: string): Record<string, string> {
  return { LOG_PRETTY: 'true', LOG_COLOR: 'false', ACCESS_LOG_FILE: accessLogFile };
}
