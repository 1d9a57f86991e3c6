import { DEFAULT_ORDERS_FILTER } from '@waybill/contracts';

/** What one call of a batch answered. */
export interface Answer {
  ok: boolean;
  code: string | null;
  message: string | null;
  /** The configured limit a refusal names (`data.limit`). */
  limit: string | null;
}

/** One HTTP batch of `inputs.length` calls of `path`, as a script sends it (`?batch=1`). */
export async function batch(
  url: string,
  headers: Record<string, string>,
  path: string,
  inputs: unknown[],
): Promise<Answer[]> {
  const response = await fetch(`${url}/trpc/${inputs.map(() => path).join(',')}?batch=1`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input]))),
  });
  const body = (await response.json()) as Array<{
    result?: unknown;
    error?: { message: string; data: { code: string; limit: string | null } };
  }>;
  return body.map((a) => ({
    ok: 'result' in a,
    code: a.error?.data.code ?? null,
    message: a.error?.message ?? null,
    limit: a.error?.data.limit ?? null,
  }));
}

/** One batch per gateway, all sent at once: on several replicas, each lands on its own. */
export async function batchesAt(
  urls: string[],
  headers: Record<string, string>,
  path: string,
  inputsOf: (i: number) => unknown[],
): Promise<Answer[]> {
  return (await Promise.all(urls.map((url, i) => batch(url, headers, path, inputsOf(i))))).flat();
}

export const oks = (answers: Answer[]) => answers.filter((a) => a.ok).length;
export const refusals = (answers: Answer[]) => answers.filter((a) => !a.ok);

/** A console session's cookie (only a console session may make script tokens). */
export async function consoleCookie(url: string, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'waybill-demo' }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return {
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

/** A script's bearer session. */
export async function bearer(url: string, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'waybill-demo', bearer: true }),
  });
  const body = (await response.json()) as { result: { data: { token: string } } };
  return { authorization: `Bearer ${body.result.data.token}` };
}

export async function query<T>(url: string, headers: Record<string, string>, path: string, input?: unknown) {
  const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const body = (await (await fetch(`${url}/trpc/${path}${q}`, { headers })).json()) as {
    result?: { data: T };
    error?: { message: string };
  };
  if (!body.result) throw new Error(`${path}: ${body.error?.message}`);
  return body.result.data;
}

export async function mutate(url: string, headers: Record<string, string>, path: string, input: unknown) {
  const [answer] = await batch(url, headers, path, [input]);
  if (!answer?.ok) throw new Error(`${path}: ${answer?.message}`);
}

/** Order uids the user can read, `count` of them from `skip` on. */
export async function orderUids(url: string, headers: Record<string, string>, skip: number, count: number) {
  const found = await query<{ orders: Array<{ uid: string }> }>(url, headers, 'orders.search', {
    filter: {},
    window: { skip, limit: count },
  });
  return found.orders.map((o) => o.uid);
}

export const viewInput = (id: string) => ({
  id,
  name: `View ${id}`,
  path: '/realtime',
  search: '',
  filter: DEFAULT_ORDERS_FILTER,
});
