import { launchBrowser } from '../../web/e2e/browser.js';
import { log, when } from './figures.js';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;
type Context = Awaited<ReturnType<Browser['newContext']>>;
type Page = Awaited<ReturnType<Context['newPage']>>;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A console user in Chromium through the balancer, on an order's detail with a comment typed and the
 * "Mark as Lost" date modal open with a date typed, none of it saved. Its websocket drops are timed.
 */
export interface Tab {
  email: string;
  page: Page;
  /** The order on screen: the scenario leaves it unchanged, so nothing conflicts with the open modal. */
  uid: string;
  detailUrl: string;
  /** When each of the page's websockets closed (ms epoch). */
  socketCloses: number[];
  /** When the page opened a websocket (ms epoch). */
  socketOpens: number[];
  typed: { comment: string; day: string; month: string; year: string };
}

export interface Tabs {
  tabs: Tab[];
  close(): Promise<void>;
}

const detail = (page: Page) => page.getByTestId('order-detail');
const commentBox = (page: Page) => detail(page).getByPlaceholder('Add new comment');
const dateModal = (page: Page) => page.getByTestId('detail-status-modal');

/** The uid of a listed order whose menu offers "Mark as Lost" (the modal with a date), not in `avoid`. */
async function orderOfferingLost(page: Page, baseUrl: string, avoid: ReadonlySet<string>): Promise<string> {
  await page.goto(`${baseUrl}/realtime?prio=0,1,2,3,4,5`);
  const rows = page.getByTestId('order-row');
  await rows.nth(5).waitFor({ timeout: 90_000 });
  for (let i = 0; i < 12; i++) {
    const uid = (await rows.nth(i).getAttribute('data-uid')) ?? '';
    if (avoid.has(uid)) continue;
    await rows.nth(i).getByRole('button', { name: 'Order Options' }).click();
    const items = await page
      .getByRole('menu', { name: 'Order Options' })
      .getByRole('menuitem')
      .allTextContents();
    await page.keyboard.press('Escape');
    if (items.some((t) => /^Mark as Lost/.test(t))) return uid;
  }
  throw new Error('no listed order offers "Mark as Lost"');
}

async function openTab(browser: Browser, baseUrl: string, email: string, avoid: Set<string>): Promise<Tab> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const res = await context.request.post(`${baseUrl}/trpc/auth.passwordLogin`, {
    data: { email, password: 'waybill-demo' },
  });
  if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
  const page = await context.newPage();
  const tab: Tab = {
    email,
    page,
    uid: '',
    detailUrl: '',
    socketCloses: [],
    socketOpens: [],
    typed: { comment: '', day: '', month: '', year: '' },
  };
  page.on('websocket', (ws) => {
    tab.socketOpens.push(Date.now());
    ws.on('close', () => tab.socketCloses.push(Date.now()));
  });
  tab.uid = await orderOfferingLost(page, baseUrl, avoid);
  avoid.add(tab.uid);
  tab.detailUrl = `${baseUrl}/realtime/order?uid=${encodeURIComponent(tab.uid)}&cached=true&tab=comments`;
  // Within the page, as an in-app link goes there: the list stays behind it in the page's history.
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(tab.detailUrl)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
  await detail(page).getByTestId('order-detail-header').waitFor({ timeout: 60_000 });
  if (!(await commentBox(page).isVisible()))
    await detail(page).getByRole('button', { name: 'New comment' }).click();
  const today = new Date();
  tab.typed = {
    comment: `Parcel held at the depot for ${email} ${Date.now()}`,
    day: pad(today.getDate()),
    month: pad(today.getMonth() + 1),
    year: String(today.getFullYear()),
  };
  await commentBox(page).fill(tab.typed.comment);
  await detail(page).getByRole('button', { name: 'Order Options' }).click();
  await page.getByRole('menuitem', { name: /^Mark as Lost/ }).click();
  await dateModal(page).waitFor({ timeout: 30_000 });
  await dateModal(page).getByLabel('Day').fill(tab.typed.day);
  await dateModal(page).getByLabel('Month').fill(tab.typed.month);
  await dateModal(page).getByLabel('Year').fill(tab.typed.year);
  log(`tab of ${email}: order ${tab.uid}, comment and date typed`);
  return tab;
}

/** Two users' tabs, in one Chromium, each in its own browser context (its own cookies and storage). */
export async function openTabs(baseUrl: string, emails: string[], avoid: Set<string>): Promise<Tabs> {
  const browser = await launchBrowser();
  try {
    const tabs: Tab[] = [];
    for (const email of emails) tabs.push(await openTab(browser, baseUrl, email, avoid));
    return { tabs, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** How many of the typed values (comment, day, month, year) the tab does not show now. */
export async function draftsMissing(tab: Tab): Promise<number> {
  const value = async (locator: ReturnType<Page['locator']>) =>
    (await locator.count()) > 0
      ? await locator
          .first()
          .inputValue({ timeout: 5_000 })
          .catch(() => null)
      : null;
  const shown = [
    await value(commentBox(tab.page)),
    await value(dateModal(tab.page).getByLabel('Day')),
    await value(dateModal(tab.page).getByLabel('Month')),
    await value(dateModal(tab.page).getByLabel('Year')),
  ];
  const typed = [tab.typed.comment, tab.typed.day, tab.typed.month, tab.typed.year];
  return typed.filter((t, i) => shown[i] !== t).length;
}

/** The tab went to the sign-in screen. */
export const signedOut = (tab: Tab) => new URL(tab.page.url()).pathname.startsWith('/login');

/** The tab shows its order live: no reconnecting banner, no paused or unreachable notice. */
export async function tabCurrent(tab: Tab): Promise<boolean> {
  // Run in the page (as text: this package is built without the DOM's types).
  return tab.page
    .evaluate(
      `document.querySelector('[data-testid=order-detail-header]') !== null &&
        !document.querySelector('[data-testid=connection-banner][data-state=reconnecting]') &&
        !document.querySelector('[data-testid=live-paused]') &&
        !document.querySelector('[data-testid=backend-unreachable]')`,
    )
    .then((current) => current === true)
    .catch(() => false);
}

/** What the tab shows that bears on being current, for the log. */
export async function tabState(tab: Tab): Promise<Record<string, unknown>> {
  return tab.page
    .evaluate(
      `({
        path: location.pathname,
        header: document.querySelector('[data-testid=order-detail-header]') !== null,
        banner: document.querySelector('[data-testid=connection-banner]')?.getAttribute('data-state') ?? null,
        paused: document.querySelector('[data-testid=live-paused]')?.textContent ?? null,
        unreachable: document.querySelector('[data-testid=backend-unreachable]')?.textContent ?? null,
      })`,
    )
    .then((state) => state as Record<string, unknown>)
    .catch((error: unknown) => ({ error: String(error) }));
}

/** Resolves with when `selector` is in the tab's page (ms epoch), or null after `ms`. */
export async function shownAt(tab: Tab, selector: string, ms: number): Promise<number | null> {
  try {
    await tab.page.waitForSelector(selector, { state: 'attached', timeout: ms });
    return Date.now();
  } catch {
    return null;
  }
}

/** Screens of the main navigation that load their code when first opened: link, chunk name, a row. */
const SCREENS = [
  { link: 'Clients', chunk: 'clients', row: 'store-row' },
  { link: 'Inbounds', chunk: 'inbounds', row: 'inbound-row' },
];

/** After a redeploy: the user reloads the page (the new release), which must bring the drafts back. */
export async function reloadSafely(tab: Tab): Promise<void> {
  await tab.page.reload();
  await detail(tab.page).getByTestId('order-detail-header').waitFor({ timeout: 60_000 });
  await dateModal(tab.page)
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
}

/** How a tab came onto the new release after a redeploy. */
export type NewVersionOutcome = 'offered' | 'reloaded-by-itself' | 'missed' | 'no-unloaded-screen';

/**
 * After a redeploy: the user goes back to the list (in the page: the modal is left, not closed, so its
 * date stays a draft) and asks for a screen whose code this page has not fetched. A page still on the
 * old release must offer the new version (its chunk names are gone); the user reloads through the
 * offer and returns to the order. `entryRelease` names the release of the page's entry script. The
 * caller checks the drafts.
 */
export async function takeNewVersion(
  tab: Tab,
  entryRelease: (assetPath: string) => 'current' | 'next' | null,
): Promise<NewVersionOutcome> {
  const { page } = tab;
  await page.evaluate(
    `history.pushState(null, '', '/realtime?prio=0,1,2,3,4,5'); dispatchEvent(new PopStateEvent('popstate'))`,
  );
  await page.getByTestId('order-row').first().waitFor({ timeout: 30_000 });
  const entry = (await page.evaluate(
    "new URL(document.querySelector('script[type=module][src]').src).pathname",
  )) as string;
  const onOld = entryRelease(entry) === 'current';
  // A screen whose chunk this page has not fetched (the order detail pulls in shared chunks).
  const fetched = (await page.evaluate(
    "performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)",
  )) as string[];
  const screen = SCREENS.find((s) => !fetched.some((path) => path.startsWith(`/assets/${s.chunk}-`)));
  if (!screen) {
    log(`tab of ${tab.email}: every screen's code is already loaded; nothing can offer the new version`);
    return 'no-unloaded-screen';
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen.link }).click();
  const offer = page.getByTestId('chunk-load-failed');
  const offered = await when(
    async () =>
      (await offer.count()) > 0 &&
      ((await offer.textContent().catch(() => '')) ?? '').includes('A new version'),
    30_000,
  );
  if (offered !== null) await offer.getByRole('button', { name: 'Reload' }).click();
  else {
    const shown = await page.evaluate('document.body.innerText.slice(0, 200)').catch(() => '');
    log(
      `tab of ${tab.email}: no new-version offer (page on the ${onOld ? 'old' : 'new'} release, entry ${entry}) at ${page.url()}; it shows: ${JSON.stringify(shown)}`,
    );
    await page.reload();
  }
  await page.getByTestId(screen.row).first().waitFor({ timeout: 60_000 });
  await page.goto(tab.detailUrl);
  await detail(page).getByTestId('order-detail-header').waitFor({ timeout: 60_000 });
  await dateModal(page)
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  if (offered !== null) return 'offered';
  return onOld ? 'missed' : 'reloaded-by-itself';
}
