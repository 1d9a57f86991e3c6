import { useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { TRPCError } from '@trpc/server';
import { type ClientsFilter, DEFAULT_CLIENTS_FILTER, listWindowSchema } from '@waybill/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionStore } from '../lib/connection-state.js';
import { OUTAGE_RETRY_MS } from '../lib/outage.js';
import { useTRPC } from '../lib/trpc.js';
import { type CallLog, type Emit, type Handlers, neverStarted, TestProviders } from '../test/trpc-mock.js';
import {
  BLOCKED_REFRESH_MS,
  type LiveListSource,
  LiveUnavailableError,
  useLiveList,
} from './use-live-list.js';

interface Row {
  uid: string;
  name: string;
}
interface Meta {
  count: number;
  hasMore: boolean;
}
interface Answer {
  rows: Row[];
  count: number;
}

const rows = (n: number, prefix = 'r') =>
  Array.from({ length: n }, (_, i) => ({ uid: `${prefix}-${i}`, name: `${prefix}${i}` }));
const snapshot = (count: number, hasMore: boolean) => ({
  kind: 'snapshot',
  rows: rows(count),
  meta: { count, hasMore },
});

// Any list procedure pair works; the clients ones carry a filter and a window.
const source: LiveListSource<ClientsFilter, Row, Meta, Answer> = {
  scope: 'test',
  subscription: (trpc, input, handlers) => trpc.clients.live.subscriptionOptions(input, handlers),
  search: (client, input) => client.clients.search.query(input) as unknown as Promise<Answer>,
  fromSearch: (answer, limit) => ({
    rows: answer.rows,
    meta: { count: answer.count, hasMore: answer.rows.length >= limit },
  }),
};

type Window = { skip: number; limit: number };
type LiveHandler = NonNullable<Handlers['clients.live']>;
const windowOf = (input: unknown) => (input as { window: Window }).window;

/** clients.live answering each subscription with `answer(input)`; `push` emits on the latest one. */
function fakeLive(answer: (input: { filter: ClientsFilter; window: Window }) => unknown) {
  const fake: {
    inputs: { filter: ClientsFilter; window: Window }[];
    push: Emit;
    handler: LiveHandler;
  } = {
    inputs: [],
    push: () => undefined,
    handler: (input, emit) => {
      const typed = input as { filter: ClientsFilter; window: Window };
      fake.inputs.push(typed);
      fake.push = emit;
      const first = answer(typed);
      if (first !== undefined) emit(first);
    },
  };
  return fake;
}

/** useLiveList over the fake live procedure (and plain-search handlers), starting on `filter`. */
function renderList(
  live: LiveHandler,
  handlers: Handlers = {},
  log: CallLog[] = [],
  filter: ClientsFilter = DEFAULT_CLIENTS_FILTER,
  liveTimeoutMs?: number,
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders handlers={{ ...handlers, 'clients.live': live }} log={log}>
      {children}
    </TestProviders>
  );
  return renderHook(
    (props: { filter: ClientsFilter }) => useLiveList(source, props.filter, { liveTimeoutMs }),
    {
      initialProps: { filter },
      wrapper,
    },
  );
}

describe('useLiveList', () => {
  it('loads more by widening the live window until a short page, then refuses', async () => {
    const live = fakeLive(({ window }) =>
      window.skip + window.limit === 20 ? snapshot(20, true) : snapshot(25, false),
    );
    const { result } = renderList(live.handler);
    expect(result.current.isLoading).toBe(true);
    expect(() => result.current.loadMore()).toThrow('Cannot load more');
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    expect(result.current.isLoading).toBe(false);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(25));
    expect(live.inputs.map((i) => i.window)).toEqual([
      { skip: 0, limit: 20 },
      { skip: 20, limit: 20 },
    ]);
    expect(result.current.hasMore).toBe(false);
    expect(result.current.meta).toEqual({ count: 25, hasMore: false });
    expect(() => result.current.loadMore()).toThrow('Cannot load more');
  });

  it('keeps saying more rows exist while the next page loads, so the end-of-list footer never flashes', async () => {
    // The wider window's snapshot is held until the test sends it.
    const live = fakeLive(({ window }) =>
      window.skip + window.limit === 20 ? snapshot(20, true) : undefined,
    );
    const { result } = renderList(live.handler);
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    act(() => result.current.loadMore());
    await waitFor(() => expect(live.inputs).toHaveLength(2));
    expect(result.current.isLoadingMore).toBe(true);
    expect(result.current.hasMore).toBe(true);
    // Asking again while the page loads does not skip a page.
    act(() => result.current.loadMore());
    expect(live.inputs.at(-1)?.window).toEqual({ skip: 20, limit: 20 });
    act(() => live.push(snapshot(25, false)));
    await waitFor(() => expect(result.current.rows).toHaveLength(25));
    expect(result.current.isLoadingMore).toBe(false);
    expect(result.current.hasMore).toBe(false);
  });

  it('applies pushed patches to the snapshot', async () => {
    const live = fakeLive(() => snapshot(2, false));
    const { result } = renderList(live.handler);
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    const patch = { kind: 'patch', upserts: [{ uid: 'new', name: 'New' }], removed: ['r-0'], meta: null };
    act(() => live.push({ ...patch, order: ['new', 'r-1'] }));
    await waitFor(() => expect(result.current.rows.map((r) => r.uid)).toEqual(['new', 'r-1']));
  });

  it('ignores a patch that comes before any snapshot', async () => {
    const live = fakeLive(() => ({
      kind: 'patch',
      upserts: rows(1),
      removed: [],
      order: ['r-0'],
      meta: null,
    }));
    const { result } = renderList(live.handler);
    await waitFor(() => expect(live.inputs).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current.isLoading).toBe(true);
    expect(result.current.rows).toEqual([]);
  });

  it('falls back to a plain search over the loaded window when the subscription fails; refresh re-reads it', async () => {
    const log: CallLog[] = [];
    let prefix = 'a';
    const failing: LiveHandler = () => {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'socket closed' });
    };
    const { result } = renderList(
      failing,
      { 'clients.search': () => ({ rows: rows(3, prefix), count: 3 }) },
      log,
    );
    await waitFor(() => expect(result.current.rows.map((r) => r.uid)).toEqual(['a-0', 'a-1', 'a-2']));
    expect(result.current.hasMore).toBe(false);
    expect(windowOf(log.find((c) => c.path === 'clients.search')?.input)).toEqual({ skip: 0, limit: 20 });
    prefix = 'b';
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.rows[0]?.uid).toBe('b-0'));
  });

  it('refreshes a long list by its last page and `refresh`, which the gateway widens: one window it accepts', async () => {
    const log: CallLog[] = [];
    const live = fakeLive(({ window }) => snapshot(window.skip + window.limit, true));
    const { result } = renderList(
      live.handler,
      { 'clients.search': () => ({ rows: rows(120), count: 500 }) },
      log,
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    for (let loaded = 40; loaded <= 120; loaded += 20) {
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.rows).toHaveLength(loaded));
    }
    expect(await act(() => result.current.refresh())).toBeNull();
    const input = log.findLast((c) => c.path === 'clients.search')?.input;
    expect(input).toMatchObject({ window: { skip: 100, limit: 20 }, refresh: true });
    // The gateway refuses a window of more than one page: 120 rows asked as one would be refused.
    expect(listWindowSchema.safeParse(windowOf(input)).success).toBe(true);
    expect(result.current.hasMore).toBe(true);
  });

  it('keeps the list when a refresh fails', async () => {
    const down = () => {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'down' });
    };
    const { result } = renderList(fakeLive(() => snapshot(2, false)).handler, { 'clients.search': down });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    await act(() => result.current.refresh());
    expect(result.current.rows.map((r) => r.uid)).toEqual(['r-0', 'r-1']);
  });

  it('starts a new filter on the first page again', async () => {
    const live = fakeLive(({ window }) => snapshot(window.skip + window.limit, true));
    const { result, rerender } = renderList(live.handler);
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(40));
    rerender({ filter: { ...DEFAULT_CLIENTS_FILTER, name: 'bloom' } });
    await waitFor(() =>
      expect(live.inputs.at(-1)).toMatchObject({ filter: { name: 'bloom' }, window: { skip: 0, limit: 20 } }),
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
  });
});

describe('useLiveList at the loaded-rows limit', () => {
  const overLoadedRows = () =>
    new TRPCError({
      code: 'BAD_REQUEST',
      message: 'too many rows',
      cause: Object.assign(new Error('too many rows'), { limit: 'LIST_MAX_LOADED_ROWS' }),
    });

  it('stays live on the last accepted window when the gateway refuses a wider one', async () => {
    const log: CallLog[] = [];
    const inputs: Window[] = [];
    const live: LiveHandler = (input, emit) => {
      const window = windowOf(input);
      inputs.push(window);
      if (window.skip >= 20) throw overLoadedRows();
      emit(snapshot(20, true));
    };
    const { result } = renderList(live, { 'clients.search': () => ({ rows: rows(1), count: 1 }) }, log);
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    act(() => result.current.loadMore());
    await waitFor(() => expect(inputs).toHaveLength(3));
    expect(inputs.map((w) => w.skip)).toEqual([0, 20, 0]);
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.source).toBe('live');
    expect(result.current.error).toBeNull();
    expect(log.some((c) => c.path === 'clients.search')).toBe(false);
    expect(() => result.current.loadMore()).toThrow('Cannot load more');
  });

  it('does not take another refusal of a wider window for the end of the list', async () => {
    const log: CallLog[] = [];
    const inputs: Window[] = [];
    const live: LiveHandler = (input, emit) => {
      const window = windowOf(input);
      inputs.push(window);
      if (window.skip >= 20) throw new TRPCError({ code: 'BAD_REQUEST', message: 'window: bad' });
      emit(snapshot(20, true));
    };
    const { result } = renderList(live, { 'clients.search': () => ({ rows: rows(40), count: 40 }) }, log);
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    act(() => result.current.loadMore());
    // Not stepped back to the shorter window: the list leaves live and reads the wider one.
    await waitFor(() => expect(result.current.source).toBe('query'));
    expect(inputs.map((w) => w.skip)).toEqual([0, 20]);
    await waitFor(() => expect(log.some((c) => c.path === 'clients.search')).toBe(true));
  });
});

describe('useLiveList refresh', () => {
  it('resolves to the failure of a refresh (null when it worked), for a caller that reports it', async () => {
    let up = true;
    const search = () => {
      if (!up) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'down' });
      return { rows: rows(1, 's'), count: 1 };
    };
    const { result } = renderList(fakeLive(() => snapshot(2, false)).handler, { 'clients.search': search });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.refresh();
    });
    expect(outcome).toBeNull();
    await waitFor(() => expect(result.current.rows.map((r) => r.uid)).toEqual(['s-0']));
    up = false;
    await act(async () => {
      outcome = await result.current.refresh();
    });
    expect(outcome).toBeInstanceOf(Error);
    expect(result.current.rows.map((r) => r.uid)).toEqual(['s-0']);
  });
});

describe('useLiveList live-update health', () => {
  it('reports a pause without touching the rows, and clears it on resume', async () => {
    const live = fakeLive(() => snapshot(2, false));
    const { result } = renderList(live.handler);
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.pause).toBeNull();
    act(() => live.push({ kind: 'health', paused: true, dataAt: 1_700_000_000_000 }));
    await waitFor(() => expect(result.current.pause).toEqual({ dataAt: 1_700_000_000_000 }));
    expect(result.current.rows.map((r) => r.uid)).toEqual(['r-0', 'r-1']);
    expect(result.current.meta).toEqual({ count: 2, hasMore: false });
    act(() => live.push({ kind: 'health', paused: false, dataAt: 1_700_000_060_000 }));
    await waitFor(() => expect(result.current.pause).toBeNull());
    expect(result.current.rows.map((r) => r.uid)).toEqual(['r-0', 'r-1']);
  });

  it('clears a pause when fresh list data arrives', async () => {
    const live = fakeLive(() => snapshot(1, false));
    const { result } = renderList(live.handler);
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => live.push({ kind: 'health', paused: true, dataAt: 5 }));
    await waitFor(() => expect(result.current.pause).not.toBeNull());
    act(() => live.push(snapshot(3, false)));
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current.pause).toBeNull();
  });
});

describe('useLiveList when live does not answer or the session dies', () => {
  it('switches to plain searches for good when the subscription is never acknowledged (websockets blocked), read again every BLOCKED_REFRESH_MS', async () => {
    // From the start: the list's re-read timer is made when it falls back.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const log: CallLog[] = [];
    const silent = fakeLive(() => undefined);
    let reads = 0;
    const { result } = renderList(
      neverStarted(silent.handler),
      {
        'clients.search': () => {
          reads += 1;
          return { rows: rows(2, `q${reads}`), count: 2 };
        },
      },
      log,
      DEFAULT_CLIENTS_FILTER,
      50,
    );
    expect(result.current.source).toBe('live');
    expect(result.current.blocked).toBeNull();
    await waitFor(() => expect(result.current.source).toBe('query'));
    await waitFor(() => expect(result.current.rows.map((r) => r.uid)).toEqual(['q1-0', 'q1-1']));
    expect(result.current.error).toBeInstanceOf(LiveUnavailableError);
    const firstRead = result.current.blocked!.dataAt;
    expect(firstRead).toBeGreaterThan(0);
    // It answers by searches, one per BLOCKED_REFRESH_MS; it does not try live again, however long it waits.
    await act(() => vi.advanceTimersByTimeAsync(BLOCKED_REFRESH_MS - 1000));
    expect(reads).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(reads).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    vi.useRealTimers();
    expect(reads).toBe(2 + (10 * 60_000) / BLOCKED_REFRESH_MS);
    expect(result.current.rows.map((r) => r.uid)).toEqual([`q${reads}-0`, `q${reads}-1`]);
    expect(result.current.blocked!.dataAt).toBeGreaterThan(firstRead);
    expect(result.current.source).toBe('query');
    expect(silent.inputs).toHaveLength(1);
  });

  it('ends the session on UNAUTHORIZED (sign-out, session read again) instead of falling back to searches', async () => {
    const log: CallLog[] = [];
    // The first filter's subscription answers; the next one is refused, as after the token died.
    const live: LiveHandler = (input, emit) => {
      if ((input as { filter: ClientsFilter }).filter.name === 'later') {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'session expired' });
      }
      emit(snapshot(1, false));
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders
        handlers={{
          'clients.live': live,
          'clients.search': () => ({ rows: rows(1), count: 1 }),
          'auth.session': () => ({ user: null }),
          'auth.logout': () => ({ ok: true }),
        }}
        log={log}
      >
        {children}
      </TestProviders>
    );
    // The protected layout watches auth.session; this stands in for it.
    const { result, rerender } = renderHook(
      (props: { filter: ClientsFilter }) => {
        useQuery(useTRPC().auth.session.queryOptions());
        return useLiveList(source, props.filter);
      },
      { wrapper, initialProps: { filter: DEFAULT_CLIENTS_FILTER } },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    await waitFor(() => expect(log.filter((c) => c.path === 'auth.session')).toHaveLength(1));
    rerender({ filter: { ...DEFAULT_CLIENTS_FILTER, name: 'later' } });
    await waitFor(() => expect(log.filter((c) => c.path === 'auth.session')).toHaveLength(2));
    // Signed out first, then the session read again.
    const paths = log.map((c) => c.path);
    expect(paths.indexOf('auth.logout')).toBeGreaterThan(-1);
    expect(paths.lastIndexOf('auth.session')).toBeGreaterThan(paths.indexOf('auth.logout'));
    expect(result.current.source).toBe('live');
    expect(log.some((c) => c.path === 'clients.search')).toBe(false);
  });
});

/** Runs fake timers `ms` ahead, inside act so React's effects (and the timers they set) run too. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useLiveList through an outage', () => {
  const lost = { type: 'socket', down: true } as const;
  const back = { type: 'socket', down: false } as const;
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is paused as of the drop while the websocket is lost, and live again once it is back', async () => {
    const live = fakeLive(() => snapshot(2, false));
    const { result } = renderList(live.handler);
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    const droppedAt = Date.now() - 5_000;
    act(() => connectionStore.report(lost, droppedAt));
    await waitFor(() => expect(result.current.pause).toEqual({ dataAt: droppedAt }));
    // An older pause from the gateway stays the age said.
    act(() => live.push({ kind: 'health', paused: true, dataAt: droppedAt - 60_000 }));
    await waitFor(() => expect(result.current.pause).toEqual({ dataAt: droppedAt - 60_000 }));
    act(() => live.push({ kind: 'health', paused: false, dataAt: droppedAt }));
    act(() => connectionStore.report(back));
    await waitFor(() => expect(result.current.pause).toBeNull());
    expect(result.current.rows).toHaveLength(2);
  });

  it('waits for the socket instead of falling back to searches while it is lost', async () => {
    vi.useFakeTimers();
    const log: CallLog[] = [];
    const live = fakeLive(({ filter }) => (filter.name === 'later' ? undefined : snapshot(2, false)));
    const search = () => ({ rows: rows(1, 'q'), count: 1 });
    const { result, rerender } = renderList(live.handler, { 'clients.search': search }, log, undefined, 50);
    await advance(10);
    expect(result.current.rows).toHaveLength(2);
    act(() => connectionStore.report(lost, Date.now() - 5_000));
    // The filter changes during the outage: its subscription waits for the new socket.
    rerender({ filter: { ...DEFAULT_CLIENTS_FILTER, name: 'later' } });
    await advance(1_000);
    expect(result.current.source).toBe('live');
    expect(result.current.waitingForConnection).toBe(true);
    expect(log.some((c) => c.path === 'clients.search')).toBe(false);
    act(() => connectionStore.report(back));
    act(() => live.push(snapshot(3, false)));
    await advance(10);
    expect(result.current.initialized).toBe(true);
    expect(result.current.rows).toHaveLength(3);
    expect(result.current.waitingForConnection).toBe(false);
  });

  it('reads again every few seconds after an outage sent it to searches, and goes back to live after', async () => {
    vi.useFakeTimers();
    let backendUp = false;
    const log: CallLog[] = [];
    const live: LiveHandler = (_input, emit) => {
      if (!backendUp) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'backend down' });
      emit(snapshot(2, false));
    };
    const search = () => {
      if (!backendUp) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'backend down' });
      return { rows: rows(1, 'q'), count: 1 };
    };
    const { result } = renderList(live, { 'clients.search': search }, log);
    await advance(10);
    expect(result.current.source).toBe('query');
    expect(result.current.searchFailed).toBe(true);
    await advance(OUTAGE_RETRY_MS);
    expect(log.filter((c) => c.path === 'clients.search')).toHaveLength(2);
    backendUp = true;
    await advance(OUTAGE_RETRY_MS);
    expect(result.current.rows.map((r) => r.uid)).toEqual(['q-0']);
    expect(result.current.searchFailed).toBe(false);
    // A few seconds after a search answers, the list is live again.
    await advance(OUTAGE_RETRY_MS);
    expect(result.current.source).toBe('live');
    expect(result.current.rows).toHaveLength(2);
    expect(result.current.error).toBeNull();
  });

  it('says a list that left live for an outage is paused, as of its last data, until it resumes', async () => {
    let backendUp = false;
    const live: LiveHandler = (_input, emit) => {
      emit(snapshot(2, false));
      if (!backendUp) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'backend down' });
    };
    const search = () => {
      throw new TRPCError({ code: 'BAD_GATEWAY', message: 'backend down' });
    };
    const before = Date.now();
    const { result } = renderList(live, { 'clients.search': search });
    await waitFor(() => expect(result.current.source).toBe('query'));
    expect(result.current.rows).toHaveLength(2);
    expect(result.current.pause?.dataAt).toBeGreaterThanOrEqual(before);
    backendUp = true;
    act(() => connectionStore.report(lost, Date.now() - 5_000));
    act(() => connectionStore.report(back));
    await waitFor(() => expect(result.current.source).toBe('live'));
    expect(result.current.pause).toBeNull();
  });

  it('goes back to live once the backend answers, when the gateway acknowledged the subscription but it stayed silent', async () => {
    vi.useFakeTimers();
    let backendUp = false;
    const log: CallLog[] = [];
    // The gateway answers `started` at once; the cohort's first read waits on the backend.
    const live: LiveHandler = (_input, emit) => {
      if (backendUp) emit(snapshot(2, false));
    };
    const search = () => {
      if (!backendUp) throw new TRPCError({ code: 'GATEWAY_TIMEOUT', message: 'backend slow' });
      return { rows: rows(1, 'q'), count: 1 };
    };
    const { result } = renderList(live, { 'clients.search': search }, log, DEFAULT_CLIENTS_FILTER, 50);
    await advance(50);
    await advance(50);
    expect(result.current.source).toBe('query');
    expect(result.current.error).not.toBeInstanceOf(LiveUnavailableError);
    expect(result.current.searchFailed).toBe(true);
    backendUp = true;
    await advance(OUTAGE_RETRY_MS + 100);
    expect(result.current.rows.map((r) => r.uid)).toEqual(['q-0']);
    await advance(OUTAGE_RETRY_MS + 100);
    expect(result.current.source).toBe('live');
    expect(result.current.rows).toHaveLength(2);
    expect(result.current.error).toBeNull();
  });

  it('goes back to live at once when the socket is back', async () => {
    let backendUp = false;
    const live: LiveHandler = (_input, emit) => {
      if (!backendUp) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'backend down' });
      emit(snapshot(2, false));
    };
    const search = () => {
      throw new TRPCError({ code: 'BAD_GATEWAY', message: 'backend down' });
    };
    const { result } = renderList(live, { 'clients.search': search });
    await waitFor(() => expect(result.current.source).toBe('query'));
    backendUp = true;
    act(() => connectionStore.report(lost, Date.now() - 5_000));
    act(() => connectionStore.report(back));
    await waitFor(() => expect(result.current.source).toBe('live'));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
  });
});
