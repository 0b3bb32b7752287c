// Laravel's encrypted values, against payloads made by Laravel's own Encrypter
// (fixtures/laravel-crypt.gen.sh): Fortify's two-factor columns with each cipher, a wrong key, a
// tampered value or MAC, and what is not a payload at all.
import {
  decryptFortifyTwoFactor,
  laravelDecrypt,
  laravelKey,
  LaravelDecryptError,
  phpUnserializeString,
} from '../src/solder/laravel-crypt';
import fixtures from './fixtures/laravel-crypt.vectors.json';

type Vector = (typeof fixtures.vectors)[number] & { two_factor_recovery_codes?: string; string?: string };
const vectors = fixtures.vectors as Vector[];
const [cbc, gcm, cbc128, rawKey] = vectors;

/** The payload's JSON with `change` applied, encoded again. */
function altered(payload: string, change: (p: Record<string, string>) => void): string {
  const p = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, string>;
  change(p);
  return Buffer.from(JSON.stringify(p)).toString('base64');
}

/** The same base64 with one character of the decoded bytes changed. */
function flipped(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] ^= 1;
  return bytes.toString('base64');
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(LaravelDecryptError);
    return (err as Error).message;
  }
  throw new Error('expected a LaravelDecryptError');
}

describe('laravelDecrypt', () => {
  it.each(vectors.map((v) => [v.cipher, v.app_key.startsWith('base64:') ? 'base64 key' : 'raw key', v] as const))(
    "decrypts Fortify's secret (%s, %s) and unserializes it",
    (_cipher, _form, v) => {
      const plain = laravelDecrypt(v.two_factor_secret, [laravelKey(v.app_key)]);
      expect(plain.toString()).toBe(`s:16:"${fixtures.secret}";`);
      expect(phpUnserializeString(plain)).toBe(fixtures.secret);
    },
  );

  it.each([cbc, gcm, cbc128].map((v) => [v.cipher, v] as const))(
    'decrypts encryptString values, multi-byte text included (%s)',
    (_cipher, v) => {
      const plain = laravelDecrypt(v.string!, [laravelKey(v.app_key)]);
      expect(phpUnserializeString(plain)).toBe(fixtures.string);
    },
  );

  it('tries each key given (an APP_KEY rotated with APP_PREVIOUS_KEYS)', () => {
    const keys = [laravelKey(fixtures.wrong_key), laravelKey(gcm.app_key), laravelKey(cbc.app_key)];
    expect(phpUnserializeString(laravelDecrypt(cbc.two_factor_secret, keys))).toBe(fixtures.secret);
    expect(phpUnserializeString(laravelDecrypt(gcm.two_factor_secret, keys))).toBe(fixtures.secret);
  });

  it.each([cbc, gcm].map((v) => [v.cipher, v] as const))('refuses a wrong key (%s)', (_cipher, v) => {
    expect(refusal(() => laravelDecrypt(v.two_factor_secret, [laravelKey(fixtures.wrong_key)]))).toBe(
      'the MAC is invalid: not encrypted with this APP_KEY, or altered since',
    );
  });

  it('refuses a CBC payload whose MAC was tampered with, or whose value was, or whose MAC is gone', () => {
    const key = [laravelKey(cbc.app_key)];
    const badMac = altered(cbc.two_factor_secret, (p) => {
      p.mac = p.mac.slice(0, -1) + (p.mac.endsWith('0') ? '1' : '0');
    });
    const badValue = altered(cbc.two_factor_secret, (p) => {
      p.value = flipped(p.value);
    });
    const noMac = altered(cbc.two_factor_secret, (p) => {
      p.mac = '';
    });
    for (const payload of [badMac, badValue, noMac]) {
      expect(refusal(() => laravelDecrypt(payload, key))).toMatch(/^the MAC is invalid/);
    }
  });

  it('refuses a GCM payload whose tag or value was tampered with', () => {
    const key = [laravelKey(gcm.app_key)];
    const badTag = altered(gcm.two_factor_secret, (p) => {
      p.tag = flipped(p.tag);
    });
    const badValue = altered(gcm.two_factor_secret, (p) => {
      p.value = flipped(p.value);
    });
    // Without its tag a GCM payload would be read as CBC: it has no MAC, so nothing decrypts.
    const noTag = altered(gcm.two_factor_secret, (p) => {
      p.tag = '';
    });
    for (const payload of [badTag, badValue, noTag]) {
      expect(refusal(() => laravelDecrypt(payload, key))).toMatch(/^the MAC is invalid/);
    }
  });

  it('refuses what is not a payload', () => {
    const key = [laravelKey(cbc.app_key)];
    for (const payload of ['', 'JBSWY3DPEHPK3PXP', '%%%', Buffer.from('[1,2]').toString('base64')]) {
      expect(refusal(() => laravelDecrypt(payload, key))).toMatch(/^not a Laravel encrypted value/);
    }
    const noIv = altered(cbc.two_factor_secret, (p) => {
      delete p.iv;
    });
    expect(refusal(() => laravelDecrypt(noIv, key))).toMatch(/^not a Laravel encrypted value/);
  });
});

describe('laravelKey', () => {
  it('reads base64: keys and raw keys of 32 or 16 bytes', () => {
    expect(laravelKey(cbc.app_key)).toHaveLength(32);
    expect(laravelKey(cbc128.app_key)).toHaveLength(16);
    expect(laravelKey(rawKey.app_key)).toHaveLength(32);
  });

  it('refuses other lengths and bad base64, without echoing the key', () => {
    const short = refusal(() => laravelKey('base64:c2hvcnQ='));
    expect(short).toContain('this one 5');
    expect(short).not.toContain('c2hvcnQ');
    expect(refusal(() => laravelKey('base64:not base64!'))).toBe('APP_KEY: "base64:" must be followed by base64');
    expect(refusal(() => laravelKey('too short'))).toContain('this one 9');
  });
});

describe('phpUnserializeString', () => {
  it('checks the byte length PHP wrote', () => {
    expect(phpUnserializeString(Buffer.from('s:3:"✓";'))).toBe('✓');
    expect(refusal(() => phpUnserializeString(Buffer.from('s:1:"✓";')))).toBe('a malformed serialized PHP string');
    expect(refusal(() => phpUnserializeString(Buffer.from('a:1:{i:0;s:1:"x";}')))).toBe(
      'a serialized PHP value that is not a string',
    );
  });
});

describe('decryptFortifyTwoFactor', () => {
  const columns = (v: Vector, confirmedAt: unknown = '2026-03-07 10:00:00') => ({
    two_factor_secret: v.two_factor_secret,
    two_factor_recovery_codes: v.two_factor_recovery_codes ?? null,
    two_factor_confirmed_at: confirmedAt,
  });

  it.each([cbc, gcm, cbc128].map((v) => [v.cipher, v] as const))(
    'the secret, the recovery codes and whether it was confirmed (%s)',
    (_cipher, v) => {
      expect(decryptFortifyTwoFactor(columns(v), [laravelKey(v.app_key)])).toEqual({
        secret: fixtures.secret,
        recoveryCodes: fixtures.recovery_codes,
        confirmed: true,
      });
      expect(decryptFortifyTwoFactor(columns(v, null), [laravelKey(v.app_key)])?.confirmed).toBe(false);
    },
  );

  it('null for a user without two-factor sign-in; no codes when the column is empty', () => {
    const none = { two_factor_secret: null, two_factor_recovery_codes: null, two_factor_confirmed_at: null };
    expect(decryptFortifyTwoFactor(none, [laravelKey(cbc.app_key)])).toBeNull();
    expect(decryptFortifyTwoFactor(columns(rawKey), [laravelKey(rawKey.app_key)])).toEqual({
      secret: fixtures.secret,
      recoveryCodes: [],
      confirmed: true,
    });
  });

  it('names the column that cannot be decrypted, never its value', () => {
    const message = refusal(() => decryptFortifyTwoFactor(columns(cbc), [laravelKey(fixtures.wrong_key)]));
    expect(message).toBe('two_factor_secret: the MAC is invalid: not encrypted with this APP_KEY, or altered since');
    const mixed = { ...columns(cbc), two_factor_recovery_codes: gcm.two_factor_recovery_codes! };
    expect(refusal(() => decryptFortifyTwoFactor(mixed, [laravelKey(cbc.app_key)]))).toMatch(
      /^two_factor_recovery_codes: the MAC is invalid/,
    );
    // A secret that is not base32 (encrypted by something other than Fortify).
    const notSecret = { ...columns(cbc), two_factor_secret: cbc.string! };
    expect(refusal(() => decryptFortifyTwoFactor(notSecret, [laravelKey(cbc.app_key)]))).toBe(
      'two_factor_secret: not a base32 secret of 16 to 128 characters',
    );
  });
});
