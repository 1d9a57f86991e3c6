import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startSim } from '@waybill/backend-sim';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from '../../src/config.js';
import { startGateway } from '../helpers.js';
import {
  type DeploymentRules,
  deploymentProblems,
  loadManifests,
  type Manifest,
  parseManifests,
  schemaProblem,
} from './manifest-checks.js';

const dir = fileURLToPath(new URL('../../../../deploy/kubernetes/', import.meta.url));
const manifests = loadManifests(dir);

function only(kind: string): Manifest['doc'] {
  const found = manifests.filter((m) => m.doc.kind === kind);
  const [first, ...more] = found;
  if (!first || more.length > 0)
    throw new Error(
      `deploy/kubernetes must hold one ${kind}, not ${found.length} (${found.map((m) => m.file)})`,
    );
  return first.doc;
}

const deployment = only('Deployment');
const configMap = only('ConfigMap') as { metadata: { name: string }; data: Record<string, string> };
const secret = only('Secret') as { metadata: { name: string }; stringData: Record<string, string> };
const rules: DeploymentRules = {
  configVariables: new Set(Object.keys(configSchema.shape)),
  envSources: new Map([
    [configMap.metadata.name, configMap.data],
    [secret.metadata.name, secret.stringData],
  ]),
  liveness: '/healthz',
  readiness: '/readyz?scope=replica',
};
const podLabels = () =>
  (deployment as { spec: { template: { metadata: { labels: object } } } }).spec.template.metadata.labels;

describe('deploy/kubernetes', () => {
  it('every document passes its Kubernetes schema', () => {
    expect(manifests.map(schemaProblem).filter(Boolean)).toEqual([]);
    expect(new Set(manifests.map((m) => m.doc.kind))).toEqual(
      new Set(['Kustomization', 'ConfigMap', 'Secret', 'Deployment', 'Service', 'PodDisruptionBudget']),
    );
  });

  it('kustomization.yaml applies every manifest but the example Secret', () => {
    const { resources } = only('Kustomization') as { resources: string[] };
    const files = [...new Set(manifests.map((m) => m.file))];
    const applied = files.filter((f) => f !== 'kustomization.yaml' && f !== 'secret.example.yaml');
    expect([...resources].sort()).toEqual(applied.sort());
  });

  it('the Deployment runs 2+ replicas, non-root on a read-only root filesystem, with probes, resources and a grace period above the drain', () => {
    expect(deploymentProblems(deployment, rules)).toEqual([]);
  });

  it('the ConfigMap and the example Secret make a valid multi-replica gateway configuration, secrets only in the Secret', () => {
    const config = loadConfig({ ...configMap.data, ...secret.stringData });
    expect(config.REDIS_URL).toMatch(/^redis:\/\//);
    // Behind an ingress: without a trusted proxy every client would share the controller's limits.
    expect(config.TRUST_PROXY.length).toBeGreaterThan(0);
    for (const name of ['SERVICE_TOKEN', 'METRICS_TOKEN', 'REDIS_PASSWORD']) {
      expect(Object.keys(secret.stringData)).toContain(name);
      expect(Object.keys(configMap.data)).not.toContain(name);
    }
  });

  it("the Service and the PodDisruptionBudget select the Deployment's pods, the Service on its named port", () => {
    const service = only('Service') as { spec: { selector: object; ports: Array<{ targetPort: unknown }> } };
    const pdb = only('PodDisruptionBudget') as { spec: { selector: { matchLabels: object } } };
    expect(podLabels()).toMatchObject(service.spec.selector);
    expect(podLabels()).toMatchObject(pdb.spec.selector.matchLabels);
    expect(service.spec.ports.map((p) => p.targetPort)).toEqual(['http']);
  });

  it("the probed paths answer 200 on a running gateway, on the image's port", async () => {
    const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
    const containers = (
      deployment as { spec: { template: { spec: { containers: Array<{ ports: object[] }> } } } }
    ).spec.template.spec.containers;
    expect(containers[0]?.ports).toContainEqual(
      expect.objectContaining({ name: 'http', containerPort: Number(/\bPORT=(\d+)/.exec(dockerfile)?.[1]) }),
    );
    const sim = await startSim({ port: 0, tickMs: 0 });
    const gateway = await startGateway({ BACKEND_URL: sim.url });
    try {
      for (const path of [rules.liveness, rules.readiness])
        expect({ path, status: (await fetch(`${gateway.url}${path}`)).status }).toEqual({
          path,
          status: 200,
        });
    } finally {
      await gateway.close();
      await sim.close();
    }
    // A backend-sim and a gateway start here: seconds on a busy machine.
  }, 60_000);
});

describe('the manifest checks', () => {
  it('report a document that breaks its schema, or whose kind they do not know', () => {
    const [broken] = parseManifests(
      'bad.yaml',
      'apiVersion: v1\nkind: Service\nmetadata: {name: x}\nspec:\n  ports:\n    - port: eighty\n',
    );
    expect(schemaProblem(broken as Manifest)).toMatch(
      /^bad\.yaml \(v1 Service\): .*ports\/0\/port must be integer/,
    );
    const [unknown] = parseManifests('x.yaml', 'apiVersion: v9\nkind: Gadget\nmetadata: {name: x}\n');
    expect(schemaProblem(unknown as Manifest)).toBe('x.yaml: no schema known for v9 Gadget');
  });

  it('report a Deployment running as root on a writable filesystem, an unknown variable and a short grace period', () => {
    const bad = structuredClone(deployment) as {
      spec: {
        replicas: number;
        template: { spec: Record<string, unknown> & { containers: Array<Record<string, unknown>> } };
      };
    };
    const pod = bad.spec.template.spec;
    const container = pod.containers[0] as Record<string, unknown>;
    bad.spec.replicas = 1;
    pod.securityContext = { runAsUser: 0 };
    pod.terminationGracePeriodSeconds = 10;
    container.securityContext = { readOnlyRootFilesystem: false, capabilities: { add: ['NET_ADMIN'] } };
    container.env = [{ name: 'SESSION_SECRET', value: 'x' }];
    container.readinessProbe = { httpGet: { path: '/healthz', port: 'web' } };
    expect(deploymentProblems(bad, rules)).toEqual([
      'replicas must be 2 or more',
      'pod securityContext.runAsNonRoot must be true',
      'pod securityContext.runAsUser must be a non-root uid',
      'pod seccompProfile must be RuntimeDefault',
      'container gateway: readOnlyRootFilesystem must be true',
      'container gateway: allowPrivilegeEscalation must be false',
      'container gateway: capabilities must drop ALL',
      'container gateway: capabilities must add none',
      'container gateway: readinessProbe must GET /readyz?scope=replica',
      'container gateway: probe port web is not a container port',
      'SESSION_SECRET is not a gateway configuration variable',
      'terminationGracePeriodSeconds (10) must be above the preStop pause (5 s) plus SHUTDOWN_GRACE_MS (10 s)',
    ]);
  });
});
