// Offline checks of the Kubernetes deployment (deploy/k8s) and of the container image recipe
// (deploy/Dockerfile, deploy/entrypoint.js): every kustomization is rendered with
// `kubectl kustomize`, every object is validated against the Kubernetes API schemas
// (kubernetes-models, plus a check for unknown fields), and the rules of the deployment are
// asserted on what the cluster would receive.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { grpcTarget } from '@depot/common/grpc';
import { prerequisite } from '@depot/common/testing';
import { parseAllDocuments } from 'yaml';
import { settingsOf } from '../docs/settings';
import { PROVEN } from '../support/replicas';

const REPO = path.resolve(__dirname, '..', '..');
const K8S = path.join(REPO, 'deploy', 'k8s');
const OVERLAYS = ['dev', 'production'] as const;
type Overlay = (typeof OVERLAYS)[number];

// ---------------------------------------------------------------------------------------------
// The shapes of the objects the checks read (everything else stays opaque).
type Labels = Record<string, string>;
interface Meta {
  name: string;
  namespace?: string;
  labels?: Labels;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Meta;
}
interface Expression {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}
interface Selector {
  matchLabels?: Labels;
  matchExpressions?: Expression[];
}
interface Probe {
  grpc?: { port: number; service?: string };
  httpGet?: { path?: string; port: number | string };
  exec?: { command: string[] };
  tcpSocket?: { port: number | string };
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  resources?: { requests?: Labels; limits?: Labels };
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    runAsNonRoot?: boolean;
    runAsUser?: number;
    privileged?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
    seccompProfile?: { type: string };
  };
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  restartPolicy?: string;
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
  topologySpreadConstraints?: { topologyKey: string; labelSelector?: Selector }[];
  volumes?: { name: string; configMap?: { name: string } }[];
}
interface PodTemplate {
  metadata?: { labels?: Labels };
  spec: PodSpec;
}
interface Workload extends K8sObject {
  spec: {
    replicas?: number;
    selector?: Selector;
    template: PodTemplate;
    strategy?: { type?: string; rollingUpdate?: { maxUnavailable?: number | string } };
    backoffLimit?: number;
    serviceName?: string;
  };
}
interface Service extends K8sObject {
  spec: {
    type?: string;
    clusterIP?: string;
    publishNotReadyAddresses?: boolean;
    selector?: Labels;
    ports: { name?: string; port: number; targetPort?: number | string }[];
  };
}
interface Hpa extends K8sObject {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: { type: string; resource?: { name: string; target: { type: string } } }[];
  };
}
interface Pdb extends K8sObject {
  spec: { selector: Selector; maxUnavailable?: number | string; minAvailable?: number | string };
}
interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyRule {
  from?: Peer[];
  to?: Peer[];
  ports?: { protocol?: string; port?: number | string }[];
}
interface NetworkPolicy extends K8sObject {
  spec: { podSelector: Selector; policyTypes?: string[]; ingress?: PolicyRule[]; egress?: PolicyRule[] };
}
interface Ingress extends K8sObject {
  spec: {
    rules?: { host?: string; http?: { paths: { backend: { service?: { name: string } } }[] } }[];
  };
}
interface DataObject extends K8sObject {
  data?: Labels;
  stringData?: Labels;
}

// ---------------------------------------------------------------------------------------------
// Rendering.
/** What the manifests need (kustomize 5: `labels.includeTemplates`, several objects in one patch file). */
const RENDERER_NEEDED = 'kubectl 1.27 or later (its built-in kustomize) or kustomize 5 or later';
/** The tool's version output, or undefined when it is not there. */
function versionOf(cmd: string, args: string[]): string | undefined {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return !r.error && r.status === 0 ? r.stdout.trim().replace(/\s*\n\s*/g, ', ') : undefined;
}
const renderer: { cmd: string; args: (dir: string) => string[]; version: string } | null = (() => {
  const kubectl = versionOf('kubectl', ['version', '--client']);
  if (kubectl) return { cmd: 'kubectl', args: (dir: string) => ['kustomize', dir], version: kubectl };
  const kustomize = versionOf('kustomize', ['version']);
  if (kustomize) return { cmd: 'kustomize', args: (dir: string) => ['build', dir], version: kustomize };
  return null;
})();
const describeIfRenderer = prerequisite(
  renderer !== null,
  `test/k8s/manifests.test.ts: the Kubernetes manifest checks need ${RENDERER_NEEDED} on PATH; neither is there`,
)
  ? describe
  : describe.skip;

function parseYaml(text: string, origin: string): K8sObject[] {
  const docs = parseAllDocuments(text);
  const objects: K8sObject[] = [];
  for (const doc of docs) {
    if (doc.errors.length) throw new Error(`${origin}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as K8sObject | null;
    if (value) objects.push(value);
  }
  return objects;
}

function render(dir: string): K8sObject[] {
  const r = renderer as NonNullable<typeof renderer>;
  let out: string;
  try {
    out = execFileSync(r.cmd, r.args(dir), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(
      `${r.cmd} ${r.args(dir).join(' ')} failed (the manifests need ${RENDERER_NEEDED}; this is ${r.version}):\n` +
        (e.stderr ?? e.message),
    );
  }
  return parseYaml(out, path.relative(REPO, dir));
}

interface ValidationResult {
  kind: string;
  name: string;
  model: boolean;
  errors: string[];
}
function validate(objects: K8sObject[]): ValidationResult[] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'validate-models.mjs')], {
    input: JSON.stringify(objects.map(asDecodedByApiServer)),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as ValidationResult[];
}

/**
 * kustomize folds long base64 values of Secret `data` over several lines; the API server's base64
 * decoding skips line breaks (Go's encoding/base64), the schema's "byte" format does not.
 */
function asDecodedByApiServer(o: K8sObject): K8sObject {
  const data = (o as DataObject).data;
  if (o.kind !== 'Secret' || !data) return o;
  return {
    ...o,
    data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.replace(/[\r\n]/g, '')])),
  } as DataObject;
}

// ---------------------------------------------------------------------------------------------
// Lookups.
const of = <T extends K8sObject>(objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind) as T[];
function one<T extends K8sObject>(objects: K8sObject[], kind: string, name: string): T {
  const found = objects.filter((o) => o.kind === kind && o.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0] as T;
}
const workloads = (objects: K8sObject[]) =>
  objects.filter((o) => ['Deployment', 'StatefulSet', 'Job', 'DaemonSet', 'CronJob'].includes(o.kind)) as Workload[];
const containersOf = (w: Workload) => [
  ...(w.spec.template.spec.initContainers ?? []),
  ...w.spec.template.spec.containers,
];
const podLabels = (w: Workload) => w.spec.template.metadata?.labels ?? {};

function matches(selector: Selector | undefined, labels: Labels): boolean {
  if (!selector) return false;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(labels, e.key);
    if (e.operator === 'In' && !(has && (e.values ?? []).includes(labels[e.key]))) return false;
    if (e.operator === 'NotIn' && has && (e.values ?? []).includes(labels[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

/** The environment a container receives: ConfigMap keys through envFrom, and its own env. */
function environment(objects: K8sObject[], c: Container): Map<string, EnvVar | { fromConfigMap: string }> {
  const env = new Map<string, EnvVar | { fromConfigMap: string }>();
  for (const src of c.envFrom ?? []) {
    if (!src.configMapRef) continue;
    const cm = one<DataObject>(objects, 'ConfigMap', src.configMapRef.name);
    for (const key of Object.keys(cm.data ?? {})) env.set(key, { fromConfigMap: cm.metadata.name });
  }
  for (const e of c.env ?? []) env.set(e.name, e);
  return env;
}
function configValue(objects: K8sObject[], c: Container, key: string): string | undefined {
  const e = environment(objects, c).get(key);
  if (!e) return undefined;
  if ('fromConfigMap' in e) return one<DataObject>(objects, 'ConfigMap', e.fromConfigMap).data?.[key];
  return e.value;
}

const imageTag = (image: string): string | undefined => {
  if (image.includes('@sha256:')) return image.slice(image.indexOf('@') + 1);
  const last = image.split('/').pop() ?? '';
  return last.includes(':') ? last.slice(last.indexOf(':') + 1) : undefined;
};

// ---------------------------------------------------------------------------------------------
// What Depot is made of.
const GRPC = {
  catalog: { port: 50051, health: 'depot.catalog.v1.CatalogService', listen: 'CATALOG_GRPC_LISTEN' },
  builds: { port: 50052, health: 'depot.builds.v1.BuildsService', listen: 'BUILDS_GRPC_LISTEN' },
  auth: { port: 50053, health: 'depot.auth.v1.AuthService', listen: 'AUTH_GRPC_LISTEN' },
  hooks: { port: 50055, health: 'depot.hooks.v1.HooksService', listen: 'HOOKS_GRPC_LISTEN' },
} as const;
const DB_SERVICES = ['catalog', 'builds', 'auth', 'hooks'] as const;
const PROCESSES = ['catalog', 'builds', 'auth', 'hooks', 'gateway'] as const;
const GATEWAY_PORT = 8080;
/** Values that must never be literal: only secretKeyRef. */
const SECRET_ENV = /^(DATABASE_URL|ADMIN_TOKEN|REDIS_URL)$|PASSWORD|SECRET|TOKEN$|ENCRYPTION_KEY/;
/** Settings read by a library rather than by Depot's own configuration. */
const DRIVER_SETTINGS = new Set(['PGSSLMODE', 'NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS']);

/** Each process's settings, from the zod schemas docs/configuration.md is generated from. */
function settingsByProcess(): Map<(typeof PROCESSES)[number], Set<string>> {
  return new Map(PROCESSES.map((p) => [p, settingsOf(p)]));
}

// ---------------------------------------------------------------------------------------------
// NetworkPolicy semantics: who may talk to a pod, and whom it may talk to.
function describePeer(peer: Peer, all: Workload[]): string[] {
  if (peer.ipBlock) return [`ip:${peer.ipBlock.cidr}${peer.ipBlock.except?.length ? `-${peer.ipBlock.except}` : ''}`];
  const fmt = (s: Selector | undefined) =>
    [
      ...Object.entries(s?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`),
      ...(s?.matchExpressions ?? []).map((e) => `${e.key} ${e.operator} ${e.values ?? ''}`),
    ].join(',');
  if (peer.namespaceSelector) {
    const ns = fmt(peer.namespaceSelector);
    const pods = fmt(peer.podSelector);
    if (ns === 'kubernetes.io/metadata.name=kube-system' && pods === 'k8s-app=kube-dns') return ['kube-dns'];
    return [`namespaces(${ns})/pods(${pods})`];
  }
  const selected = all.filter((w) => matches(peer.podSelector, podLabels(w))).map((w) => w.metadata.name);
  return selected.length ? selected : [`pods(${fmt(peer.podSelector)})`];
}

function reach(direction: 'Ingress' | 'Egress', w: Workload, objects: K8sObject[]): Set<string> {
  const all = workloads(objects);
  const allowed = new Set<string>();
  for (const p of of<NetworkPolicy>(objects, 'NetworkPolicy')) {
    const types = p.spec.policyTypes ?? ['Ingress', ...(p.spec.egress ? ['Egress'] : [])];
    if (!types.includes(direction) || !matches(p.spec.podSelector, podLabels(w))) continue;
    for (const rule of (direction === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []) {
      const peers = (direction === 'Ingress' ? rule.from : rule.to) ?? [];
      const names = peers.length ? peers.flatMap((peer) => describePeer(peer, all)) : ['*'];
      const ports = rule.ports?.length ? rule.ports.map((pt) => `${pt.port ?? '*'}/${pt.protocol ?? 'TCP'}`) : ['*'];
      for (const n of names) for (const pt of ports) allowed.add(`${n} ${pt}`);
    }
  }
  return allowed;
}
const isolated = (direction: 'Ingress' | 'Egress', w: Workload, objects: K8sObject[]) =>
  of<NetworkPolicy>(objects, 'NetworkPolicy').some(
    (p) =>
      (p.spec.policyTypes ?? ['Ingress', ...(p.spec.egress ? ['Egress'] : [])]).includes(direction) &&
      matches(p.spec.podSelector, podLabels(w)),
  );

// ---------------------------------------------------------------------------------------------
describeIfRenderer('Kubernetes manifests (deploy/k8s)', () => {
  const rendered: Record<'base' | Overlay, K8sObject[]> = { base: [], dev: [], production: [] };

  beforeAll(() => {
    rendered.base = render(path.join(K8S, 'base'));
    for (const o of OVERLAYS) rendered[o] = render(path.join(K8S, 'overlays', o));
  });

  it('base: the replica counts the replica tests run (two of every process) and one down at a time', () => {
    for (const name of PROCESSES) {
      const hpa = one<Hpa>(rendered.base, 'HorizontalPodAutoscaler', name);
      const pdb = one<Pdb>(rendered.base, 'PodDisruptionBudget', name);
      expect([name, hpa.spec.minReplicas, pdb.spec.maxUnavailable]).toEqual([
        name,
        PROVEN.replicas,
        PROVEN.unavailableAtOnce,
      ]);
    }
  });

  it('every object of base, dev and production validates against the Kubernetes API schemas', () => {
    const objects = [...rendered.base, ...rendered.dev, ...rendered.production];
    const results = validate(objects);
    expect(results).toHaveLength(objects.length);
    const problems = results
      .filter((r) => !r.model || r.errors.length)
      .map((r) => `${r.kind}/${r.name}: ${r.errors.join('; ')}`);
    expect(problems).toEqual([]);
  });

  it('the schema validation rejects wrong types and unknown fields (self-check)', () => {
    const deployment = (container: object) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: {
        selector: { matchLabels: { a: 'b' } },
        template: {
          metadata: { labels: { a: 'b' } },
          spec: { containers: [{ name: 'x', image: 'x:1', ...container }] },
        },
      },
    });
    const [wrongType, unknownField, fine] = validate([
      deployment({ ports: [{ containerPort: 'eighty' }] }),
      deployment({ readinesProbe: { grpc: { port: 1 } } }),
      deployment({ readinessProbe: { grpc: { port: 1 } } }),
    ] as K8sObject[]);
    expect(wrongType.errors.join()).toMatch(/containerPort/);
    expect(unknownField.errors.join()).toMatch(/readinesProbe/);
    expect(fine.errors).toEqual([]);
    const [crd] = validate([{ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }]);
    expect(crd.model).toBe(false);
  });

  it('the gRPC service template makes every object of a new service from its values alone', () => {
    // A fourth service, as deploy/README.md ("Adding a gRPC service") describes it.
    const dir = mkdtempSync(path.join(tmpdir(), 'depot-k8s-'));
    let objects: K8sObject[];
    try {
      const template = path.relative(dir, path.join(K8S, 'base', 'grpc-service'));
      writeFileSync(path.join(dir, 'kustomization.yaml'), `resources: [values.yaml]\ncomponents: ['${template}']\n`);
      writeFileSync(
        path.join(dir, 'values.yaml'),
        'apiVersion: depot.dev/v1\nkind: GrpcService\n' +
          'metadata: {name: mirror, annotations: {config.kubernetes.io/local-config: "true"}}\n' +
          'spec: {port: 50054, healthService: depot.mirror.v1.MirrorService}\n',
      );
      objects = render(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'Deployment/mirror',
      'HorizontalPodAutoscaler/mirror',
      'Job/mirror-migrate',
      'NetworkPolicy/mirror-database-egress',
      'PodDisruptionBudget/mirror',
      'Service/mirror',
      'ServiceAccount/mirror',
    ]);
    // Every placeholder filled: no SERVICE / HEALTH_SERVICE left, no port 1.
    expect(JSON.stringify(objects)).not.toMatch(/SERVICE|"(containerPort|port)":1[,}]/);
    expect(validate(objects).flatMap((r) => r.errors)).toEqual([]);

    const d = one<Workload>(objects, 'Deployment', 'mirror');
    const pod = podLabels(d);
    expect(pod).toEqual(
      expect.objectContaining({ 'app.kubernetes.io/name': 'mirror', 'depot.dev/database': 'mirror' }),
    );
    expect(d.spec.template.spec.serviceAccountName).toBe('mirror');
    const [c] = d.spec.template.spec.containers;
    expect([c.name, c.args, c.ports?.[0].containerPort]).toEqual(['mirror', ['mirror'], 50054]);
    expect([c.startupProbe?.grpc, c.livenessProbe?.grpc]).toEqual([{ port: 50054 }, { port: 50054 }]);
    expect(c.readinessProbe?.grpc).toEqual({ port: 50054, service: 'depot.mirror.v1.MirrorService' });
    const secretOf = (x: Container) => x.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name;
    expect(secretOf(c)).toBe('depot-mirror-db');
    for (const t of d.spec.template.spec.topologySpreadConstraints ?? [])
      expect(matches(t.labelSelector, pod)).toBe(true);
    expect(matches(d.spec.selector, pod)).toBe(true);
    const svc = one<Service>(objects, 'Service', 'mirror');
    expect([svc.spec.selector, svc.spec.ports[0].port]).toEqual([{ 'app.kubernetes.io/name': 'mirror' }, 50054]);
    expect(one<Hpa>(objects, 'HorizontalPodAutoscaler', 'mirror').spec.scaleTargetRef.name).toBe('mirror');
    expect(matches(one<Pdb>(objects, 'PodDisruptionBudget', 'mirror').spec.selector, pod)).toBe(true);

    const job = one<Workload>(objects, 'Job', 'mirror-migrate');
    const [m] = job.spec.template.spec.containers;
    expect([m.args, secretOf(m), podLabels(job)['depot.dev/database']]).toEqual([
      ['migrate-mirror'],
      'depot-mirror-db',
      'mirror',
    ]);
    expect(job.spec.template.spec.serviceAccountName).toBe('mirror');
    const egress = one<NetworkPolicy>(objects, 'NetworkPolicy', 'mirror-database-egress');
    expect(matches(egress.spec.podSelector, pod) && matches(egress.spec.podSelector, podLabels(job))).toBe(true);
    const database = egress.spec.egress?.[0].to?.[0].podSelector;
    expect(matches(database, { 'depot.dev/database-mirror': 'true' })).toBe(true);
    expect(matches(database, { 'depot.dev/database-catalog': 'true' })).toBe(false);
  });

  it('base and production define no Secret (only references); dev generates throwaway ones', () => {
    expect(of(rendered.base, 'Secret')).toEqual([]);
    expect(of(rendered.production, 'Secret')).toEqual([]);
    expect(
      of(rendered.dev, 'Secret')
        .map((s) => s.metadata.name.replace(/-[a-z0-9]{10}$/, ''))
        .sort(),
    ).toEqual([
      'depot-admin',
      'depot-auth-db',
      'depot-builds-db',
      'depot-catalog-db',
      'depot-hooks',
      'depot-hooks-db',
      'depot-totp',
      'postgres-credentials',
    ]);
  });

  it('secret.example.yaml is documentation only and names every Secret key the manifests reference', () => {
    const examplePath = path.join(K8S, 'secret.example.yaml');
    const example = parseYaml(readFileSync(examplePath, 'utf8'), 'secret.example.yaml') as DataObject[];
    // Not part of any kustomization.
    const kustomizations: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name === 'kustomization.yaml')
          // Parsed, so that comments mentioning the example do not count.
          kustomizations.push(JSON.stringify(parseYaml(readFileSync(path.join(dir, e.name), 'utf8'), e.name)));
      }
    };
    walk(K8S);
    expect(kustomizations.length).toBeGreaterThanOrEqual(3);
    for (const k of kustomizations) expect(k).not.toMatch(/secret\.example/);
    // Valid Secrets, with placeholder values only.
    expect(validate(example).flatMap((r) => r.errors)).toEqual([]);
    for (const s of example) for (const v of Object.values(s.stringData ?? {})) expect(v).toMatch(/CHANGE-ME/);
    // Every referenced secret key (production) is documented.
    const documented = new Set(
      example.flatMap((s) => Object.keys(s.stringData ?? {}).map((k) => `${s.metadata.name}/${k}`)),
    );
    const referenced = new Set(
      workloads(rendered.production)
        .flatMap(containersOf)
        .flatMap((c) => c.env ?? [])
        .map((e) => e.valueFrom?.secretKeyRef)
        .filter((r): r is NonNullable<typeof r> => !!r)
        .map((r) => `${r.name}/${r.key}`),
    );
    expect([...referenced].sort()).toEqual([...documented].sort());
  });

  describe.each(OVERLAYS)('%s overlay', (overlay) => {
    const objects = () => rendered[overlay];
    const deployment = (name: string) => one<Workload>(objects(), 'Deployment', name);
    const container = (name: string) => deployment(name).spec.template.spec.containers[0];

    it('puts everything in one namespace', () => {
      const namespaces = new Set(
        objects()
          .filter((o) => o.kind !== 'Namespace')
          .map((o) => o.metadata.namespace),
      );
      expect(namespaces.size).toBe(1);
      const [ns] = [...namespaces];
      expect(ns).toBeTruthy();
      expect(one<K8sObject>(objects(), 'Namespace', ns as string)).toBeDefined();
    });

    it.each(PROCESSES)('%s has a Deployment, a Service, an autoscaler and a disruption budget for its pods', (name) => {
      const d = deployment(name);
      const labels = podLabels(d);
      expect(matches(d.spec.selector, labels)).toBe(true);
      // The HorizontalPodAutoscaler owns the replica count.
      expect(d.spec.replicas).toBeUndefined();
      expect(d.spec.strategy?.rollingUpdate?.maxUnavailable).toBe(0);

      const svc = one<Service>(objects(), 'Service', name);
      expect(svc.spec.selector && matches({ matchLabels: svc.spec.selector }, labels)).toBe(true);

      const hpa = one<Hpa>(objects(), 'HorizontalPodAutoscaler', name);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.metrics).toContainEqual(
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      );
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas ?? 1);

      const pdbs = of<Pdb>(objects(), 'PodDisruptionBudget').filter((p) => matches(p.spec.selector, labels));
      expect(pdbs).toHaveLength(1);
      expect(pdbs[0].spec.maxUnavailable ?? pdbs[0].spec.minAvailable).toBeDefined();
    });

    it.each(Object.entries(GRPC))(
      '%s: headless Service and native gRPC probes (grpc.health.v1) on its port',
      (name, { port, health, listen }) => {
        const c = container(name);
        expect(c.args).toEqual([name]);
        expect(c.ports).toEqual([
          expect.objectContaining({ name: 'grpc', containerPort: port }),
          expect.objectContaining({ name: 'metrics', containerPort: 9464 }),
        ]);
        expect(configValue(objects(), c, listen)).toBe(`0.0.0.0:${port}`);
        expect(c.startupProbe?.grpc).toEqual({ port });
        expect(c.livenessProbe?.grpc).toEqual({ port });
        expect(c.readinessProbe?.grpc).toEqual({ port, service: health });

        const svc = one<Service>(objects(), 'Service', name);
        expect(svc.spec.clusterIP).toBe('None');
        expect(svc.spec.publishNotReadyAddresses ?? false).toBe(false);
        expect(svc.spec.ports).toEqual([expect.objectContaining({ port, targetPort: 'grpc' })]);
        // Peers reach it by its Service name on that port (dns:/// + round_robin in the clients).
        for (const w of workloads(objects()).filter((x) => PROCESSES.includes(x.metadata.name as never))) {
          const addr = configValue(objects(), w.spec.template.spec.containers[0], `${name.toUpperCase()}_GRPC_ADDR`);
          if (addr !== undefined) expect(addr).toBe(`${name}:${port}`);
        }
      },
    );

    it.each(Object.keys(GRPC))(
      '%s: every address of it that a process is given is a headless Service resolved to every pod of its Deployment',
      (name) => {
        // What cluster DNS answers for a headless Service: the ready pods its selector matches. Every
        // pod the Deployment makes (however many the autoscaler asks for) and nothing else; the
        // clients resolve the name through DNS (dns:///) and balance round_robin over the answers.
        const pods = workloads(objects()).map((w) => ({ owner: `${w.kind}/${w.metadata.name}`, labels: podLabels(w) }));
        const callers = workloads(objects()).filter((w) => PROCESSES.includes(w.metadata.name as never));
        const addresses = callers
          .map((w) => configValue(objects(), w.spec.template.spec.containers[0], `${name.toUpperCase()}_GRPC_ADDR`))
          .filter((a): a is string => a !== undefined);
        expect(addresses.length).toBeGreaterThan(0);
        for (const address of new Set(addresses)) {
          expect(grpcTarget(address)).toBe(`dns:///${address}`);
          const [host, port] = address.split(':');
          const svc = one<Service>(objects(), 'Service', host);
          expect([address, svc.spec.clusterIP, svc.spec.publishNotReadyAddresses ?? false]).toEqual([
            address,
            'None',
            false,
          ]);
          expect(svc.spec.ports).toContainEqual(expect.objectContaining({ port: Number(port), targetPort: 'grpc' }));
          const endpoints = pods
            .filter((p) => matches({ matchLabels: svc.spec.selector }, p.labels))
            .map((p) => p.owner);
          expect([address, endpoints]).toEqual([address, [`Deployment/${name}`]]);
          expect(container(name).ports).toContainEqual(
            expect.objectContaining({ name: 'grpc', containerPort: Number(port) }),
          );
        }
      },
    );

    it.each(PROCESSES)(
      '%s: its replicas and disruption budget stay within what e2e/replicas.test.ts proves',
      (name) => {
        // The replica tests run PROVEN.replicas of every process and lose PROVEN.unavailableAtOnce of
        // one at a time without a failed read: a cluster runs at least that many (dev runs one and
        // promises nothing) and lets no more go at once, by eviction or by a rolling update.
        const hpa = one<Hpa>(objects(), 'HorizontalPodAutoscaler', name);
        if (overlay !== 'dev') expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(PROVEN.replicas);
        const d = deployment(name);
        const pdb = of<Pdb>(objects(), 'PodDisruptionBudget').filter((p) => matches(p.spec.selector, podLabels(d)));
        expect(pdb.map((p) => p.spec.maxUnavailable)).toEqual([PROVEN.unavailableAtOnce]);
        expect(d.spec.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
      },
    );

    it('gateway: ClusterIP Service, HTTP probes on /healthz, the Ingress routes to it', () => {
      const c = container('gateway');
      expect(c.args).toEqual(['gateway']);
      expect(c.ports).toEqual([expect.objectContaining({ name: 'http', containerPort: GATEWAY_PORT })]);
      expect(configValue(objects(), c, 'GATEWAY_PORT')).toBe(String(GATEWAY_PORT));
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(c.readinessProbe?.httpGet?.path).toBe('/readyz');
      expect(c.readinessProbe?.httpGet?.port).toBe('http');
      expect(c.startupProbe?.httpGet?.path).toBe('/healthz');

      const svc = one<Service>(objects(), 'Service', 'gateway');
      expect(svc.spec.type ?? 'ClusterIP').toBe('ClusterIP');
      expect(svc.spec.clusterIP).not.toBe('None');
      expect(svc.spec.ports).toEqual([expect.objectContaining({ targetPort: 'http' })]);

      const ingresses = of<Ingress>(objects(), 'Ingress');
      expect(ingresses).toHaveLength(1);
      const backends = (ingresses[0].spec.rules ?? [])
        .flatMap((r) => r.http?.paths ?? [])
        .map((p) => p.backend.service?.name);
      expect(backends).toEqual(['gateway']);
    });

    it('every container runs non-root on a read-only root filesystem, without privileges, with requests and limits', () => {
      const all = workloads(objects());
      expect(all.length).toBeGreaterThanOrEqual(7);
      for (const w of all) {
        const pod = w.spec.template.spec;
        const where = `${w.kind}/${w.metadata.name}`;
        expect([where, pod.automountServiceAccountToken]).toEqual([where, false]);
        for (const c of containersOf(w)) {
          const id = `${where}/${c.name}`;
          const sc = c.securityContext ?? {};
          expect([id, sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot]).toEqual([id, true]);
          expect([id, (sc.runAsUser ?? pod.securityContext?.runAsUser ?? 0) > 0]).toEqual([id, true]);
          expect([id, sc.readOnlyRootFilesystem]).toEqual([id, true]);
          expect([id, sc.allowPrivilegeEscalation]).toEqual([id, false]);
          expect([id, sc.privileged ?? false]).toEqual([id, false]);
          expect([id, sc.capabilities?.drop]).toEqual([id, ['ALL']]);
          expect([id, sc.capabilities?.add ?? []]).toEqual([id, []]);
          expect([id, (sc.seccompProfile ?? pod.securityContext?.seccompProfile)?.type]).toEqual([
            id,
            'RuntimeDefault',
          ]);
          for (const kind of ['requests', 'limits'] as const) {
            expect([id, kind, Object.keys(c.resources?.[kind] ?? {}).sort()]).toEqual([id, kind, ['cpu', 'memory']]);
          }
        }
      }
    });

    it.each(PROCESSES)(
      '%s stops gracefully: preStop pause, grace period of 30 s or more, spread over nodes and zones',
      (name) => {
        const d = deployment(name);
        const pod = d.spec.template.spec;
        expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
        const preStop = pod.containers[0].lifecycle?.preStop;
        expect(
          preStop?.sleep?.seconds ?? Number(preStop?.exec?.command.join(' ').match(/sleep (\d+)/)?.[1] ?? 0),
        ).toBeGreaterThan(0);
        const keys = (pod.topologySpreadConstraints ?? []).map((t) => t.topologyKey).sort();
        expect(keys).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
        for (const t of pod.topologySpreadConstraints ?? []) expect(matches(t.labelSelector, podLabels(d))).toBe(true);
      },
    );

    it('every image is pinned: an explicit tag or digest, never latest', () => {
      const images = workloads(objects())
        .flatMap(containersOf)
        .map((c) => c.image);
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        const tag = imageTag(image);
        expect([image, tag !== undefined && tag !== 'latest' && tag !== '']).toEqual([image, true]);
      }
      // One Depot image for every process and migration.
      const depot = new Set(
        workloads(objects())
          .filter((w) => /^(catalog|builds|auth|hooks|gateway|\w+-migrate)$/.test(w.metadata.name))
          .flatMap(containersOf)
          .map((c) => c.image),
      );
      expect(depot.size).toBe(1);
      if (overlay === 'production') expect([...depot][0]).toMatch(/:\d+\.\d+\.\d+([-+][\w.]+)?$|@sha256:[0-9a-f]{64}$/);
    });

    it('secrets come from Secrets: DATABASE_URL per service, ADMIN_TOKEN, REDIS_URL; never literal values', () => {
      const ref = (c: Container, key: string) => c.env?.find((e) => e.name === key)?.valueFrom?.secretKeyRef;
      const base = (name: string | undefined) => name?.replace(/-[a-z0-9]{10}$/, '');
      for (const svc of DB_SERVICES) {
        const r = ref(container(svc), 'DATABASE_URL');
        expect([svc, base(r?.name), r?.key, r?.optional ?? false]).toEqual([
          svc,
          `depot-${svc}-db`,
          'DATABASE_URL',
          false,
        ]);
      }
      expect(base(ref(container('auth'), 'ADMIN_TOKEN')?.name)).toBe('depot-admin');
      for (const key of ['TOTP_ENCRYPTION_KEY', 'TOTP_ENCRYPTION_KEY_PREVIOUS']) {
        const r = ref(container('auth'), key);
        expect([key, base(r?.name), r?.key, r?.optional]).toEqual([key, 'depot-totp', key, true]);
      }
      const hooksKey = ref(container('hooks'), 'HOOKS_SECRET_KEY');
      expect([base(hooksKey?.name), hooksKey?.key, hooksKey?.optional ?? false]).toEqual([
        'depot-hooks',
        'HOOKS_SECRET_KEY',
        false,
      ]);
      const previousHooksKey = ref(container('hooks'), 'HOOKS_SECRET_KEY_PREVIOUS');
      expect([base(previousHooksKey?.name), previousHooksKey?.key, previousHooksKey?.optional]).toEqual([
        'depot-hooks',
        'HOOKS_SECRET_KEY_PREVIOUS',
        true,
      ]);
      expect(ref(container('gateway'), 'REDIS_URL')).toEqual({ name: 'depot-redis', key: 'REDIS_URL', optional: true });
      expect(ref(container('gateway'), 'DATABASE_URL')).toBeUndefined();

      for (const c of workloads(objects()).flatMap(containersOf)) {
        for (const e of c.env ?? []) {
          if (SECRET_ENV.test(e.name))
            expect([c.name, e.name, e.valueFrom?.secretKeyRef?.key]).toEqual([c.name, e.name, e.name]);
        }
      }
      for (const cm of of<DataObject>(objects(), 'ConfigMap')) {
        for (const key of Object.keys(cm.data ?? {}))
          expect([cm.metadata.name, key, SECRET_ENV.test(key)]).toEqual([cm.metadata.name, key, false]);
      }
    });

    it('every setting a process reads (its config schema) reaches that process, and nothing else is set', () => {
      const settings = settingsByProcess();
      const known = new Set([...settings.values()].flatMap((names) => [...names]));
      expect(known.size).toBeGreaterThanOrEqual(20);
      for (const [p, names] of settings) {
        for (const key of names) {
          expect([p, key, environment(objects(), container(p)).has(key)]).toEqual([p, key, true]);
        }
      }
      const config = of<DataObject>(objects(), 'ConfigMap').find((cm) => cm.metadata.name.startsWith('depot-config'));
      for (const key of Object.keys(config?.data ?? {})) {
        expect([key, known.has(key) || DRIVER_SETTINGS.has(key)]).toEqual([key, true]);
      }
      expect(config?.data?.LOG_PRETTY).toBe('false');
    });

    it.each(DB_SERVICES)('%s has a migrations Job: the same image, its own database, run once to completion', (svc) => {
      const job = one<Workload>(objects(), 'Job', `${svc}-migrate`);
      const pod = job.spec.template.spec;
      expect(pod.restartPolicy).toBe('Never');
      expect(job.spec.backoffLimit).toBeGreaterThan(0);
      const [c] = pod.containers;
      expect(c.args).toEqual([`migrate-${svc}`]);
      expect(c.image).toBe(container(svc).image);
      const dbRef = (x: Container) => x.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
      expect(dbRef(c)).toEqual(dbRef(container(svc)));
      expect(podLabels(job)['depot.dev/database']).toBe(svc);
    });

    it('network policies: default deny; only the gateway is reachable from outside; each pod talks only to its peers', () => {
      const policies = of<NetworkPolicy>(objects(), 'NetworkPolicy');
      expect(policies).toContainEqual(
        expect.objectContaining({
          spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
        }),
      );
      const all = workloads(objects());
      for (const w of all) {
        expect([w.metadata.name, isolated('Ingress', w, objects()), isolated('Egress', w, objects())]).toEqual([
          w.metadata.name,
          true,
          true,
        ]);
      }
      const ingress = (name: string) =>
        [...reach('Ingress', one<Workload>(all, kindOf(all, name), name), objects())].sort();
      const egress = (name: string) =>
        [...reach('Egress', one<Workload>(all, kindOf(all, name), name), objects())].sort();
      const dns = ['kube-dns 53/TCP', 'kube-dns 53/UDP'];
      const prod = overlay === 'production';

      // Who may connect to whom.
      expect(ingress('gateway')).toEqual(['* 8080/TCP']);
      expect(ingress('catalog')).toEqual(['builds 50051/TCP', 'gateway 50051/TCP']);
      expect(ingress('builds')).toEqual(['catalog 50052/TCP', 'gateway 50052/TCP', 'hooks 50052/TCP']);
      expect(ingress('auth')).toEqual(['gateway 50053/TCP']);
      expect(ingress('hooks')).toEqual(['gateway 50055/TCP']);
      for (const svc of DB_SERVICES) expect(ingress(`${svc}-migrate`)).toEqual([]);
      const natsClients = ['auth', 'builds', 'catalog', 'gateway', 'hooks', ...(prod ? ['nats-stream-replicas'] : [])];
      expect(ingress('nats')).toEqual(
        [...natsClients.map((n) => `${n} 4222/TCP`), ...(prod ? ['nats 6222/TCP'] : [])].sort(),
      );

      // Where each may connect to: DNS, NATS, the services it calls, its own database.
      const database = (svc: string) => {
        const out = egress(svc).filter((e) => / 5432\/TCP$/.test(e));
        expect(out).toHaveLength(1);
        return out[0];
      };
      const redis = prod ? 'ip:192.0.2.20/32 6379/TCP' : 'pods(app.kubernetes.io/name=redis) 6379/TCP';
      // The mod archives a rehash fetches, and the S3 archive store: public addresses only.
      const publicV4 =
        'ip:0.0.0.0/0-0.0.0.0/8,10.0.0.0/8,100.64.0.0/10,127.0.0.0/8,169.254.0.0/16,172.16.0.0/12,192.168.0.0/16,224.0.0.0/3';
      const publicV6 = 'ip:::/0-::1/128,fc00::/7,fe80::/10,ff00::/8';
      const archives = [publicV4, publicV6].flatMap((ip) => [`${ip} 80/TCP`, `${ip} 443/TCP`]);
      const store = [publicV4, publicV6].map((ip) => `${ip} 443/TCP`);
      expect(egress('gateway')).toEqual(
        [
          ...dns,
          'auth 50053/TCP',
          'builds 50052/TCP',
          'catalog 50051/TCP',
          'hooks 50055/TCP',
          'nats 4222/TCP',
          redis,
          ...store,
        ].sort(),
      );
      expect(egress('catalog')).toEqual(
        [...dns, 'builds 50052/TCP', 'nats 4222/TCP', database('catalog'), ...archives].sort(),
      );
      expect(egress('builds')).toEqual([...dns, 'catalog 50051/TCP', 'nats 4222/TCP', database('builds')].sort());
      expect(egress('auth')).toEqual([...dns, 'nats 4222/TCP', database('auth')].sort());
      // Webhook deliveries: HTTPS to public addresses only.
      expect(egress('hooks')).toEqual(
        [...dns, 'builds 50052/TCP', 'nats 4222/TCP', database('hooks'), ...store].sort(),
      );
      for (const svc of DB_SERVICES) expect(egress(`${svc}-migrate`)).toEqual([...dns, database(svc)].sort());

      if (prod) {
        // Four managed databases, four different addresses, none of them "anywhere".
        const targets = DB_SERVICES.map((s) => database(s));
        for (const t of targets) expect(t).toMatch(/^ip:\d+\.\d+\.\d+\.\d+\/\d+ 5432\/TCP$/);
        expect(targets.some((t) => t.startsWith('ip:0.0.0.0/0'))).toBe(false);
        expect(new Set(targets).size).toBe(4);
      } else {
        for (const svc of DB_SERVICES) expect(database(svc)).toBe('postgres 5432/TCP');
        expect(ingress('postgres')).toEqual(
          [
            'auth',
            'auth-migrate',
            'builds',
            'builds-migrate',
            'catalog',
            'catalog-migrate',
            'hooks',
            'hooks-migrate',
          ].map((n) => `${n} 5432/TCP`),
        );
      }
    });
  });

  describe('the archive store (docs/archives.md)', () => {
    const STORE_USERS = ['catalog', 'gateway'] as const;
    const storeOf = (objects: K8sObject[], name: string) => {
      const c = one<Workload>(objects, 'Deployment', name).spec.template.spec.containers[0];
      return { c, store: configValue(objects, c, 'ARCHIVE_STORE'), dir: configValue(objects, c, 'ARCHIVE_STORE_DIR') };
    };

    it.each(['base', ...OVERLAYS] as const)(
      '%s: more than one replica of the catalog or the gateway means s3; fs only with one of each, on one volume',
      (name) => {
        const objects = rendered[name];
        const most = Math.max(
          ...STORE_USERS.map((p) => one<Hpa>(objects, 'HorizontalPodAutoscaler', p).spec.maxReplicas),
        );
        const [catalog, gateway] = STORE_USERS.map((p) => storeOf(objects, p));
        expect(gateway.store).toBe(catalog.store);
        if (most > 1) {
          expect([name, most, catalog.store]).toEqual([name, most, 's3']);
          return;
        }
        expect(catalog.store).toBe('fs');
        // The gateway reads downloads from the folder the catalog writes: one persistent volume.
        const claimAt = (w: string, c: Container, dir: string | undefined) => {
          const mount = (c as Container & { volumeMounts?: { name: string; mountPath: string }[] }).volumeMounts?.find(
            (m) => m.mountPath === dir,
          );
          const volume = one<Workload>(objects, 'Deployment', w).spec.template.spec.volumes?.find(
            (v) => v.name === mount?.name,
          ) as { persistentVolumeClaim?: { claimName: string } } | undefined;
          return volume?.persistentVolumeClaim?.claimName;
        };
        const claim = claimAt('catalog', catalog.c, catalog.dir);
        expect(claim).toBeTruthy();
        expect(gateway.dir).toBe(catalog.dir);
        expect(claimAt('gateway', gateway.c, gateway.dir)).toBe(claim);
        expect(one<K8sObject>(objects, 'PersistentVolumeClaim', claim as string)).toBeDefined();
      },
    );

    it('production: s3, the bucket (required), endpoint, region and credentials from the Secret depot-archives', () => {
      const objects = rendered.production;
      for (const p of STORE_USERS) {
        const { c, store } = storeOf(objects, p);
        expect([p, store]).toEqual([p, 's3']);
        const env = environment(objects, c);
        for (const key of [
          'ARCHIVE_S3_BUCKET',
          'ARCHIVE_S3_ENDPOINT',
          'ARCHIVE_S3_REGION',
          'ARCHIVE_S3_ACCESS_KEY_ID',
          'ARCHIVE_S3_SECRET_ACCESS_KEY',
        ]) {
          const e = env.get(key) as EnvVar | undefined;
          const r = e?.valueFrom?.secretKeyRef;
          expect([p, key, r?.name, r?.key, r?.optional ?? false]).toEqual([
            p,
            key,
            'depot-archives',
            key,
            key !== 'ARCHIVE_S3_BUCKET',
          ]);
        }
      }
    });
  });

  it('dev: one replica each, an in-cluster PostgreSQL with the three databases, a single JetStream NATS', () => {
    const objects = rendered.dev;
    for (const name of PROCESSES) {
      const hpa = one<Hpa>(objects, 'HorizontalPodAutoscaler', name);
      expect([name, hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([name, 1, 1]);
    }
    const pg = one<Workload>(objects, 'StatefulSet', 'postgres');
    expect(pg.spec.replicas).toBe(1);
    const init = pg.spec.template.spec.volumes?.find((v) => v.configMap)?.configMap?.name as string;
    const script = Object.values(one<DataObject>(objects, 'ConfigMap', init).data ?? {}).join('\n');
    const secrets = of<DataObject>(objects, 'Secret');
    for (const svc of DB_SERVICES) {
      expect(script).toMatch(new RegExp(`create_service_database depot_${svc} "\\$${svc.toUpperCase()}_DB_PASSWORD"`));
      // The service's URL names that database on the in-cluster server, with the password the
      // init script gives its role.
      const secret = secrets.find((s) => s.metadata.name.startsWith(`depot-${svc}-db-`));
      const url = new URL(Buffer.from(secret?.data?.DATABASE_URL ?? '', 'base64').toString());
      expect([url.hostname, url.port, url.pathname, url.username]).toEqual([
        'postgres',
        '5432',
        `/depot_${svc}`,
        `depot_${svc}`,
      ]);
      const creds = secrets.find((s) => s.metadata.name.startsWith('postgres-credentials-'));
      const password = Buffer.from(creds?.data?.[`${svc.toUpperCase()}_DB_PASSWORD`] ?? '', 'base64').toString();
      expect(decodeURIComponent(url.password)).toBe(password);
    }
    const nats = one<Workload>(objects, 'StatefulSet', 'nats');
    expect(nats.spec.replicas).toBe(1);
    const natsConf = one<DataObject>(objects, 'ConfigMap', 'nats-config').data?.['nats.conf'] ?? '';
    expect(natsConf).toMatch(/jetstream\s*\{[^}]*store_dir/);
    expect(
      configValue(
        objects,
        one<Workload>(objects, 'Deployment', 'catalog').spec.template.spec.containers[0],
        'NATS_URL',
      ),
    ).toBe('nats://nats:4222');
  });

  it('production: several replicas, external databases, a 3-server NATS cluster with clustered JetStream', () => {
    const objects = rendered.production;
    for (const name of PROCESSES) {
      const hpa = one<Hpa>(objects, 'HorizontalPodAutoscaler', name);
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(3);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas ?? 0);
    }
    // No database in the cluster: the services reach managed ones through their Secrets.
    expect(workloads(objects).map((w) => w.metadata.name)).not.toContain('postgres');
    const nats = one<Workload>(objects, 'StatefulSet', 'nats');
    expect(nats.spec.replicas).toBe(3);
    const headless = one<Service>(objects, 'Service', nats.spec.serviceName as string);
    expect(headless.spec.clusterIP).toBe('None');
    expect(headless.spec.publishNotReadyAddresses).toBe(true);
    const conf = one<DataObject>(objects, 'ConfigMap', 'nats-config').data?.['nats.conf'] ?? '';
    expect(conf).toMatch(/server_name:\s*\$POD_NAME/);
    expect(conf).toMatch(/jetstream\s*\{[^}]*store_dir/);
    const routes = [...conf.matchAll(/nats:\/\/(nats-\d)\.nats-headless:6222/g)].map((m) => m[1]);
    expect(routes).toEqual(['nats-0', 'nats-1', 'nats-2']);
    expect(conf).toMatch(/cluster\s*\{[^}]*name:/);
    expect(
      of<Pdb>(objects, 'PodDisruptionBudget').filter((p) => matches(p.spec.selector, podLabels(nats))),
    ).toHaveLength(1);
    // Clients know every server; the events stream is replicated on all three.
    const gw = one<Workload>(objects, 'Deployment', 'gateway').spec.template.spec.containers[0];
    expect(configValue(objects, gw, 'NATS_URL')?.split(',')).toHaveLength(3);
    const streamJob = one<Workload>(objects, 'Job', 'nats-stream-replicas').spec.template.spec.containers[0];
    expect(streamJob.command?.join(' ')).toMatch(/--replicas 3/);
  });
});

function kindOf(all: Workload[], name: string): string {
  const w = all.find((x) => x.metadata.name === name);
  if (!w) throw new Error(`no workload ${name}`);
  return w.kind;
}

// ---------------------------------------------------------------------------------------------
describeIfRenderer('Varnish in front of the gateways (deploy/varnish, docs/caching.md#kubernetes)', () => {
  let objects: K8sObject[] = [];
  beforeAll(() => {
    objects = render(path.join(K8S, 'overlays', 'production-varnish'));
  });

  it('production with the component: every object validates, the Ingress routes to Varnish, which reaches the gateways', () => {
    const problems = validate(objects)
      .filter((r) => !r.model || r.errors.length)
      .map((r) => `${r.kind}/${r.name}: ${r.errors.join('; ')}`);
    expect(problems).toEqual([]);
    const ingress = one<Ingress>(objects, 'Ingress', 'gateway');
    expect((ingress.spec.rules ?? []).flatMap((r) => r.http?.paths ?? []).map((p) => p.backend.service?.name)).toEqual([
      'varnish',
    ]);
    const varnish = workloads(objects).find((w) => w.metadata.name === 'varnish')!;
    expect(varnish.kind).toBe('StatefulSet');
    expect(reach('Egress', varnish, objects)).toContain('gateway 8080/TCP');
    const gateway = workloads(objects).find((w) => w.metadata.name === 'gateway')!;
    expect(reach('Egress', gateway, objects)).toContain('varnish 6081/TCP');
  });

  it('the gateways purge each Varnish pod by name, with the secret Varnish checks, never a literal', () => {
    const gateway = workloads(objects).find((w) => w.metadata.name === 'gateway')!;
    const c = containersOf(gateway)[0];
    expect(configValue(objects, c, 'SHARED_CACHE_PURGE')).toBe('varnish');
    const replicas = (workloads(objects).find((w) => w.metadata.name === 'varnish')!.spec as { replicas?: number })
      .replicas;
    expect(configValue(objects, c, 'SHARED_CACHE_VARNISH_URLS')?.split(',')).toEqual(
      Array.from({ length: replicas ?? 1 }, (_, i) => `http://varnish-${i}.varnish-headless:6081`),
    );
    expect(c.env?.find((e) => e.name === 'SHARED_CACHE_PURGE_SECRET')?.valueFrom?.secretKeyRef).toEqual({
      name: 'depot-shared-cache',
      key: 'SHARED_CACHE_PURGE_SECRET',
      optional: true,
    });
    const v = containersOf(workloads(objects).find((w) => w.metadata.name === 'varnish')!)[0];
    expect(v.env?.find((e) => e.name === 'DEPOT_PURGE_SECRET')?.valueFrom?.secretKeyRef).toEqual({
      name: 'depot-shared-cache',
      key: 'SHARED_CACHE_PURGE_SECRET',
    });
    expect(v.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
  });
});

// ---------------------------------------------------------------------------------------------
describe('container image (deploy/Dockerfile, deploy/entrypoint.js, .dockerignore)', () => {
  const dockerfile = readFileSync(path.join(REPO, 'deploy', 'Dockerfile'), 'utf8');
  const entrypoint = readFileSync(path.join(REPO, 'deploy', 'entrypoint.js'), 'utf8');
  /** process name → file in the image, from the entrypoint's table. */
  const processes = new Map(
    [...entrypoint.matchAll(/^\s*'?([a-z-]+)'?: \['([^']+\.js)'/gm)].map((m) => [m[1], m[2]] as [string, string]),
  );

  it('builds on a pinned Node image and runs as uid 10001 with node as PID 1', () => {
    const base = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1] ?? '';
    expect(base).toMatch(/^node:\d+\.\d+\.\d+-[\w-]*slim$|^node:[\w.-]+@sha256:[0-9a-f]{64}$/);
    for (const [, image] of dockerfile.matchAll(/^FROM\s+(\S+)/gm))
      expect(['${NODE_IMAGE}', 'manifests']).toContain(image);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER 10001:10001$/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["node", "deploy\/entrypoint\.js"\]$/m);
    // Production dependencies only in the final stage.
    expect(dockerfile).toMatch(/--omit=dev/);
    expect(runtime).toMatch(/COPY --from=prod-deps /);
    expect(runtime).not.toMatch(/COPY --from=build \/app\/node_modules/);
  });

  it('ships every workspace the processes need, compiled, with the .proto contracts', () => {
    const workspaces = (/^ARG WORKSPACES="([^"]+)"$/m.exec(dockerfile)?.[1] ?? '').split(' ');
    expect(workspaces).toEqual([
      'proto',
      'services/common',
      'services/catalog',
      'services/builds',
      'services/auth',
      'services/hooks',
      'services/admin',
      'gateway',
    ]);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    for (const ws of workspaces) {
      expect(existsSync(path.join(REPO, ws, 'tsconfig.build.json'))).toBe(true);
      expect(runtime).toContain(`COPY --from=build /app/${ws}/dist/ ${ws}/dist/`);
    }
    expect(runtime).toContain('COPY --from=build /app/proto/depot/ proto/depot/');
    expect(readdirSync(path.join(REPO, 'proto', 'depot'))).toEqual(
      expect.arrayContaining(['catalog', 'builds', 'auth', 'hooks']),
    );
  });

  it('has an entry for every process the manifests start, compiled from a source file of the repository', () => {
    expect([...processes.keys()].sort()).toEqual(
      [
        'admin',
        'auth',
        'builds',
        'catalog',
        'gateway',
        'hooks',
        'migrate-auth',
        'migrate-builds',
        'migrate-catalog',
        'migrate-hooks',
      ].sort(),
    );
    const started = new Set<string>();
    if (renderer) {
      for (const o of OVERLAYS)
        for (const w of workloads(render(path.join(K8S, 'overlays', o))))
          for (const c of containersOf(w)) if (/(^|\/)depot[:@]/.test(c.image)) started.add((c.args ?? [])[0]);
      // The admin CLI is an operator tool (kubectl run / exec), not a workload of the manifests.
      expect([...started].sort()).toEqual([...processes.keys()].filter((p) => p !== 'admin').sort());
    }
    // dist/<x>.js is compiled from src/<x>.ts of the same workspace (tsconfig.build.json).
    const missing = [...processes.values()]
      .map((file) => file.replace('/dist/', '/src/').replace(/\.js$/, '.ts'))
      .filter((src) => !existsSync(path.join(REPO, src)));
    expect(missing).toEqual([]);
  });

  it('entrypoint: usage on --help, exit 64 on an unknown process', () => {
    const help = spawnSync(process.execPath, [path.join(REPO, 'deploy', 'entrypoint.js'), '--help'], {
      encoding: 'utf8',
    });
    expect(help.status).toBe(0);
    for (const p of processes.keys()) expect(help.stdout).toContain(p);
    const unknown = spawnSync(process.execPath, [path.join(REPO, 'deploy', 'entrypoint.js'), 'nope'], {
      encoding: 'utf8',
    });
    expect(unknown.status).toBe(64);
    expect(unknown.stderr).toMatch(/unknown process "nope"/);
  });

  it('.dockerignore keeps local installs, builds and secrets out of the build context', () => {
    const ignore = readFileSync(path.join(REPO, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '.git', '.data', '.env']) expect(ignore).toContain(entry);
    // Whatever the image copies is not ignored.
    for (const needed of [
      'package-lock.json',
      'tsconfig.base.json',
      'deploy/entrypoint.js',
      'proto',
      'gateway',
      'services',
    ])
      expect(ignore).not.toContain(needed);
  });
});
