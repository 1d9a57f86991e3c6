import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer as Container } from 'kubernetes-models/v1/Container';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';

/** One YAML document of a manifest file, as parsed. */
export interface Manifest {
  file: string;
  doc: Record<string, unknown> & { apiVersion?: string; kind?: string };
}

/** Every YAML document of every .yaml file in `dir`; a YAML syntax error throws, naming the file. */
export function loadManifests(dir: string): Manifest[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'));
  return files.flatMap((file) => parseManifests(file, readFileSync(join(dir, file), 'utf8')));
}

export function parseManifests(file: string, text: string): Manifest[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
    const doc = document.toJS() as Manifest['doc'] | null;
    return doc ? [{ file, doc }] : [];
  });
}

/** The Kubernetes kinds the manifests may hold, each with its schema-checking model. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
};

/** Why the document breaks its kind's Kubernetes schema (kubernetes-models), or null when it does not. */
export function schemaProblem({ file, doc }: Manifest): string | null {
  const kind = `${doc.apiVersion} ${doc.kind}`;
  if (doc.kind === 'Kustomization') return null;
  const Model = MODELS[kind];
  if (!Model) return `${file}: no schema known for ${kind}`;
  try {
    new Model(doc as never).validate();
    return null;
  } catch (error) {
    return `${file} (${kind}): ${(error as Error).message}`;
  }
}

export interface DeploymentRules {
  /** The gateway's configuration variables (config.ts). */
  configVariables: ReadonlySet<string>;
  /** Variables the ConfigMaps and Secrets the Deployment reads set (envFrom), by object name. */
  envSources: ReadonlyMap<string, Record<string, string>>;
  /** The gateway's health routes, probed by the kubelet. */
  liveness: string;
  readiness: string;
}

/** Every rule of deploy/kubernetes the Deployment breaks, as readable sentences (none: empty). */
export function deploymentProblems(doc: Manifest['doc'], rules: DeploymentRules): string[] {
  const problems: string[] = [];
  const check = (ok: unknown, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const deployment = new Deployment(doc as never);
  const spec = deployment.spec;
  const pod = spec?.template.spec;
  check((spec?.replicas ?? 1) >= 2, 'replicas must be 2 or more');
  check(pod?.securityContext?.runAsNonRoot === true, 'pod securityContext.runAsNonRoot must be true');
  check((pod?.securityContext?.runAsUser ?? 0) > 0, 'pod securityContext.runAsUser must be a non-root uid');
  check(
    pod?.securityContext?.seccompProfile?.type === 'RuntimeDefault',
    'pod seccompProfile must be RuntimeDefault',
  );
  const containers = pod?.containers ?? [];
  check(containers.length > 0, 'the pod has no container');
  for (const container of containers) problems.push(...containerProblems(container, rules));

  const env = environment(containers, rules, problems);
  const graceMs = Number(env.SHUTDOWN_GRACE_MS ?? 10_000);
  const preStopMs = Math.max(0, ...containers.map(preStopPauseMs));
  const terminationMs = (pod?.terminationGracePeriodSeconds ?? 30) * 1000;
  check(
    terminationMs > preStopMs + graceMs,
    `terminationGracePeriodSeconds (${terminationMs / 1000}) must be above the preStop pause ` +
      `(${preStopMs / 1000} s) plus SHUTDOWN_GRACE_MS (${graceMs / 1000} s)`,
  );
  return problems;
}

function containerProblems(container: Container, rules: DeploymentRules): string[] {
  const problems: string[] = [];
  const name = `container ${container.name}`;
  const check = (ok: unknown, problem: string) => {
    if (!ok) problems.push(`${name}: ${problem}`);
  };
  const security = container.securityContext;
  check(security?.readOnlyRootFilesystem === true, 'readOnlyRootFilesystem must be true');
  check(security?.allowPrivilegeEscalation === false, 'allowPrivilegeEscalation must be false');
  check(security?.capabilities?.drop?.includes('ALL'), 'capabilities must drop ALL');
  check(!security?.capabilities?.add?.length, 'capabilities must add none');
  check(security?.privileged !== true, 'must not be privileged');
  check(security?.runAsUser !== 0, 'must not run as uid 0');
  const resources = container.resources;
  check(resources?.requests?.cpu && resources.requests.memory, 'resources.requests needs cpu and memory');
  check(resources?.limits?.memory, 'resources.limits needs memory');
  check(
    container.livenessProbe?.httpGet?.path === rules.liveness,
    `livenessProbe must GET ${rules.liveness}`,
  );
  check(
    container.readinessProbe?.httpGet?.path === rules.readiness,
    `readinessProbe must GET ${rules.readiness}`,
  );
  check(container.startupProbe?.httpGet?.path, 'startupProbe must be an HTTP probe');
  const ports = new Set((container.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
  for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe])
    if (probe?.httpGet)
      check(ports.has(probe.httpGet.port), `probe port ${probe.httpGet.port} is not a container port`);
  return problems;
}

/** What the containers' environment holds; a name the gateway does not read is a problem. */
function environment(
  containers: Container[],
  rules: DeploymentRules,
  problems: string[],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const container of containers) {
    for (const source of container.envFrom ?? []) {
      const ref = source.configMapRef?.name ?? source.secretRef?.name ?? '';
      const values = rules.envSources.get(ref);
      if (!values) problems.push(`envFrom ${ref || '(unnamed)'}: no ConfigMap or Secret by that name`);
      Object.assign(env, values);
    }
    for (const variable of container.env ?? []) env[variable.name] = variable.value ?? '';
  }
  for (const name of Object.keys(env))
    if (!rules.configVariables.has(name)) problems.push(`${name} is not a gateway configuration variable`);
  return env;
}

/** How long an `exec: sleep N` preStop hook (or the kubelet's own sleep action) holds the SIGTERM back. */
function preStopPauseMs(container: Container): number {
  const preStop = container.lifecycle?.preStop;
  if (preStop?.sleep) return preStop.sleep.seconds * 1000;
  const [command, seconds] = preStop?.exec?.command ?? [];
  return command === 'sleep' ? Number(seconds) * 1000 : 0;
}
