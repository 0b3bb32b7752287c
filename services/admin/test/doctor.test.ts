// `depot-admin doctor`: the command line (plain text or --json, exit status 3 on errors) through
// its module with a fake context and runDoctor replaced, and the text a person reads. The
// diagnosis itself is @depot/common's (pack-doctor.test.ts); the command against a real stack is in
// test/e2e/pack-doctor.test.ts.
import { diagnosePack, type Diagnosis, type DoctorInput } from '@depot/common';
import { formatDiagnosis, runDoctor } from '../src/doctor';
import { CliError } from '../src/errors';
import { fakeProgram } from './support/fake-context';

jest.mock('../src/doctor', () => {
  const actual = jest.requireActual('../src/doctor');
  return { ...actual, runDoctor: jest.fn(actual.runDoctor) };
});

const MD5 = 'd41d8cd98f00b204e9800998ecf8427e';

function input(change: (i: DoctorInput) => void = () => undefined): DoctorInput {
  const i: DoctorInput = {
    modpack: { slug: 'tekkit', name: 'Tekkit', hidden: true, private: false, recommended: '1.0', latest: '1.0' },
    builds: [
      {
        version: '1.0',
        published: true,
        private: false,
        mods: [{ name: 'jei', version: '15.2', md5: MD5 }],
        loader: 'forge',
      },
      {
        version: '1.1',
        published: true,
        private: true,
        mods: [{ name: 'jei', version: '15.2', md5: MD5 }],
        loader: 'forge',
      },
    ],
    linkedClients: 1,
    apiRoot: {
      url: 'https://depot.example.com/api/',
      source: 'PUBLIC_URL',
      reachable: true,
      detail: 'answered in 4 ms',
    },
  };
  change(i);
  return i;
}

function setup(diagnosis: Diagnosis) {
  const env = { PUBLIC_URL: 'https://depot.example.com' };
  const s = fakeProgram({}, env);
  jest.mocked(runDoctor).mockReset().mockResolvedValue(diagnosis);
  const run = (...args: string[]) => s.run('doctor', ...args);
  const doctorCalls = () => jest.mocked(runDoctor).mock.calls;
  return { ...s, env, doctorCalls, run };
}

describe('the command line', () => {
  it('prints the text by default and the JSON with --json; exit status 0 without errors', async () => {
    const healthy = diagnosePack(input());
    const s = setup(healthy);
    await s.run('tekkit');
    await s.run('tekkit', '--json');
    expect(s.doctorCalls()).toEqual([
      [s.services, 'tekkit', s.env],
      [s.services, 'tekkit', s.env],
    ]);
    expect(s.out).toEqual([formatDiagnosis(healthy)]);
    expect(s.results).toEqual([healthy]);
  });

  it('ends with exit status 3 and a line saying how many errors, after printing the diagnosis', async () => {
    const broken = diagnosePack(input((i) => (i.modpack.recommended = null)));
    const s = setup(broken);
    const err = await s.run('tekkit', '--json').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect(err).toMatchObject({
      exitCode: 3,
      message: 'tekkit: 1 error: launchers show the pack offline or fail to install it',
    });
    expect(s.results).toEqual([broken]);
  });

  it('refuses a slug that cannot be one before asking anything', async () => {
    const s = setup(diagnosePack(input()));
    await expect(s.run('not a slug')).rejects.toThrow();
    expect(s.doctorCalls()).toEqual([]);
    expect(s.state.connected).toBe(0);
  });

  it('reads PUBLIC_URL and refuses a wrong one before calling a service', async () => {
    const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('no call expected')) });
    const { runDoctor: realRunDoctor } = jest.requireActual<typeof import('../src/doctor')>('../src/doctor');
    await expect(
      realRunDoctor({ builds: unused, catalog: unused, auth: unused } as never, 'tekkit', { PUBLIC_URL: 'ftp://x' }),
    ).rejects.toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  });
});

describe('the text', () => {
  it('a healthy pack: the API root, what each reader sees, no problems', () => {
    expect(formatDiagnosis(diagnosePack(input((i) => (i.modpack.hidden = false))))).toBe(
      [
        'Modpack tekkit (Tekkit)',
        'API root: https://depot.example.com/api/ (PUBLIC_URL): answered in 4 ms',
        'Linked launcher clients: 1',
        '',
        'What launchers see:',
        '  anonymous launcher:            listed; builds 1.0; installs 1.0 (1 mod)',
        '  launcher with a linked client: listed; builds 1.0, 1.1; installs 1.0 (1 mod)',
        '  Technic Platform with a key:   listed; builds 1.0, 1.1; installs 1.0 (1 mod)',
        '',
        'No problems found.',
        '',
      ].join('\n'),
    );
  });

  it('a hidden pack: not listed, which the verdict says as a warning', () => {
    const text = formatDiagnosis(diagnosePack(input()));
    expect(text).toContain(
      '  anonymous launcher:            not listed, found by slug; builds 1.0; installs 1.0 (1 mod)\n',
    );
    expect(text).toContain(
      '0 errors, 1 warning:\n\nWARNING [modpack-hidden]\n  Modpack tekkit is hidden: launchers and Technic Platform do not list it',
    );
  });

  it('each finding with its severity, code, message and fix', () => {
    const text = formatDiagnosis(
      diagnosePack(
        input((i) => {
          i.modpack.private = true;
          i.linkedClients = 0;
          i.modpack.latest = '1.1';
          i.apiRoot = { url: null, source: 'unset', reachable: null, detail: 'Not checked: PUBLIC_URL is not set.' };
        }),
      ),
    );
    expect(text).toContain('API root: Not checked: PUBLIC_URL is not set.\n');
    expect(text).toContain('  anonymous launcher:            does not see the modpack ("Modpack does not exist")\n');
    expect(text).toContain(
      '1 error, 0 warnings:\n\nERROR [private-without-client]\n  Modpack tekkit is private and no launcher client is linked to it:',
    );
    expect(text).toContain("\n  Fix: Link your players' launcher clients to it");
  });

  it('a reader without a recommended build to install', () => {
    const text = formatDiagnosis(diagnosePack(input((i) => (i.modpack.recommended = '9.9'))));
    expect(text).toContain(
      '  anonymous launcher:            not listed, found by slug; builds 1.0; has no recommended build to install: shows the pack offline\n',
    );
    expect(text).toContain('1 error, 1 warning:\n\nERROR [recommended-missing]\n');
  });
});
