/** A minimal browser for auth tests: a cookie jar in front of fetch, and the sim's consent pages. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  /** Keeps what Set-Cookie says (an expired or emptied cookie is dropped). */
  remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** `signal`: give up (the call throws) when it aborts, for calls that must not hang. */
  async query(path: string, input?: unknown, { signal }: { signal?: AbortSignal } = {}) {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const response = await fetch(`${this.base}/trpc/${path}${query}`, {
      headers: this.header(),
      ...(signal ? { signal } : {}),
    });
    this.remember(response);
    return { status: response.status, body: (await response.json()) as TrpcBody, headers: response.headers };
  }

  async mutate(path: string, input?: unknown, { signal }: { signal?: AbortSignal } = {}) {
    const response = await fetch(`${this.base}/trpc/${path}`, {
      method: 'POST',
      ...(signal ? { signal } : {}),
      headers: { ...this.header(), 'content-type': 'application/json' },
      ...(input === undefined ? {} : { body: JSON.stringify(input) }),
    });
    this.remember(response);
    return { status: response.status, body: (await response.json()) as TrpcBody, headers: response.headers };
  }
}

export interface TrpcBody {
  result?: { data: Record<string, unknown> };
  error?: { message: string; data: { code: string; httpStatus: number } };
}

/**
 * Follows the sim's Google consent page as a person would: opens the authorization URL, picks the
 * account by e-mail, submits its form and reads where the consent step sends the browser back.
 */
export async function consentAs(authorizationUrl: string, email: string): Promise<Record<string, string>> {
  const page = await (await fetch(authorizationUrl)).text();
  const form = page
    .split('<form')
    .slice(1)
    .find((f) => f.includes(`data-email="${email}"`));
  if (!form) throw new Error(`no consent button for ${email}`);
  const action = new URL('/__consent/approve', authorizationUrl);
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    action.searchParams.set(name ?? '', unescapeHtml(value ?? ''));
  const approved = await fetch(action, { redirect: 'manual' });
  if (approved.status !== 302) throw new Error(`consent answered ${approved.status}`);
  return Object.fromEntries(new URL(approved.headers.get('location') ?? '').searchParams);
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
