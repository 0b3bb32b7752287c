// Solder's HTTP-level tests (TechnicPack/TechnicSolder main, tests/Feature/): CorsMiddlewareTest
// with a list of allowed origins (Depot's CORS_ORIGINS, here for the whole stack; the wildcard
// test runs in api.test.ts, on the default `*`), and ExceptionRenderingTest.
import { expectReply, startTestStack, type Api, type TestStack } from '../../support';
import { describeDifferences, solderTitle } from '../../support/solder-parity';

/** Solder test → the deliberate difference (docs/decisions.md) its Depot test asserts instead. */
const DIFFERENCES: Record<string, string> = {
  'ExceptionRenderingTest::test_unmatched_api_route_returns_json_even_when_html_is_requested': 'json-charset',
  'ExceptionRenderingTest::test_unsupported_api_method_returns_json_before_route_middleware_runs': 'unknown-method-404',
  'ExceptionRenderingTest::test_unmatched_web_route_preserves_html_error_response': 'json-everywhere',
};
const title = (test: string) => solderTitle(DIFFERENCES, test);

const JSON_TYPE = 'application/json; charset=utf-8';

let t: TestStack;
let anon: Api;

beforeAll(async () => {
  // Solder's tests set one list each ("https://example.com"; "https://a.com, https://b.com"):
  // their union, written the second way, answers each of them as its own list would.
  t = await startTestStack({ env: { CORS_ORIGINS: 'https://example.com, https://a.com, https://b.com' } });
  anon = t.anon;
});
afterAll(async () => {
  await t?.stop();
});

const fromOrigin = (origin?: string) => anon.get('/api/', origin ? { headers: { origin } } : {});

describe('CorsMiddlewareTest', () => {
  it(title('CorsMiddlewareTest::test_specific_origin_is_reflected_when_allowed'), async () => {
    const res = await fromOrigin('https://example.com');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://example.com');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it(title('CorsMiddlewareTest::test_disallowed_origin_gets_no_cors_header'), async () => {
    const res = await fromOrigin('https://evil.com');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).not.toBe('https://evil.com');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it(title('CorsMiddlewareTest::test_comma_separated_origins_are_supported'), async () => {
    expect((await fromOrigin('https://a.com')).headers.get('access-control-allow-origin')).toBe('https://a.com');
    expect((await fromOrigin('https://b.com')).headers.get('access-control-allow-origin')).toBe('https://b.com');
    expect((await fromOrigin('https://c.com')).headers.get('access-control-allow-origin')).not.toBe('https://c.com');
  });

  it(title('CorsMiddlewareTest::test_no_origin_header_skips_cors_when_not_wildcard'), async () => {
    const res = await fromOrigin();
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('vary')).toBe('Origin');
  });
});

describe('ExceptionRenderingTest', () => {
  describeDifferences(DIFFERENCES);

  it(title('ExceptionRenderingTest::test_unmatched_api_route_returns_json_even_when_html_is_requested'), async () => {
    // Solder's type is `application/json`; Depot names the charset.
    const res = await anon.get('/api/nonexistent-route', { headers: { accept: 'text/html' } });
    expectReply(res, 404, { error: 'Not found.' });
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  });

  it(
    title('ExceptionRenderingTest::test_unsupported_api_method_returns_json_before_route_middleware_runs'),
    async () => {
      // Solder: 405; Depot answers an unknown method like an unknown route.
      const res = await anon.delete('/api/', { headers: { accept: 'text/html' } });
      expectReply(res, 404, { error: 'Not found.' });
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    },
  );

  it(title('ExceptionRenderingTest::test_unmatched_web_route_preserves_html_error_response'), async () => {
    // Solder: its HTML error page; Depot serves no HTML outside the console and /docs.
    const res = await anon.get('/nonexistent-route', { headers: { accept: 'text/html' } });
    expectReply(res, 404, { error: 'Not found.' });
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  });
});
