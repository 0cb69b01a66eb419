// `npm run bench`, the web part (issue 25, part 7): click-to-content of four pages in Chromium with the CPU
// throttled (a cashier's laptop), against the bench's app serving the built web over the bench's data.
// After sign-in (the session is stored as the sign-in page stores it) the dashboard loads and the browser goes
// idle; then the sidebar's 'Clientes' is clicked, a customer row of that list, the sidebar's 'Dispositivos' and
// 'Finanzas', one after another as a person would, the browser idle between them. Each time is from the click to
// the page's content being visible: the new page's first data row (a grid's row that was not on the screen
// before the click), the customer's name and first payment row on the panel, the report's first figure on
// Finanzas. A fresh browser context (empty cache) per run.
import { chromium, type Locator, type Page, type Request } from 'playwright-core';

export interface WebTiming {
  name: string;
  label: string;
  ms: number[];
  /** What the page still asked for after the click (code and data not fetched ahead), per run. */
  after: string[][];
}

export interface WebBenchOptions {
  /** Where the app serves the built web and the API. */
  appUrl: string;
  /** A started session, stored in localStorage as the sign-in page stores it. */
  session: { token: string; user: unknown };
  chromiumPath: string;
  runs: number;
  /** Chrome DevTools' CPU slowdown factor (4: a modest laptop). */
  cpuThrottling: number;
}

/** Marks every grid row on the screen, so that the next page's rows can be told apart from the last page's. */
async function markRows(page: Page) {
  await page.evaluate(() => {
    for (const row of document.querySelectorAll<HTMLElement>('.MuiDataGrid-row')) row.dataset.benchSeen = '1';
  });
}

const newRow = (page: Page) => page.locator('main .MuiDataGrid-row:not([data-bench-seen])').first();

/** Milliseconds from the click until every locator of `content` is visible, and the requests made meanwhile. */
async function clickToContent(page: Page, timing: WebTiming, click: Locator, content: () => Locator[]): Promise<void> {
  await markRows(page);
  await click.waitFor({ state: 'visible' });
  const asked: string[] = [];
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/notificationHub')) asked.push(url.pathname.replace(/^\/assets\//, ''));
  };
  page.on('request', onRequest);
  const started = performance.now();
  await click.click();
  for (const locator of content()) await locator.waitFor({ state: 'visible', timeout: 60_000 });
  timing.ms.push(performance.now() - started);
  page.off('request', onRequest);
  timing.after.push(asked);
}

/** Requests in flight on the page (Playwright's own 'networkidle' is reached once per document, not per click). */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  // The push hub's long polls (before its WebSocket takes over) stay open on purpose: they are not page loads.
  page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/notificationHub') || open.add(r)));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/** Resolves once no request has been in flight for `quietMs` (at the latest after `capMs`). */
async function networkQuiet(inFlight: () => number, quietMs = 500, capMs = 30_000) {
  const started = performance.now();
  let quietSince = started;
  while (performance.now() - started < capMs) {
    await new Promise((r) => setTimeout(r, 50));
    if (inFlight() > 0) quietSince = performance.now();
    else if (performance.now() - quietSince >= quietMs) return;
  }
}

/**
 * The browser idle, as after a person has looked at the page for a moment: no request for 500 ms, then the page's
 * main thread idle (an idle callback ran: what the app fetches when idle has started), then no request again.
 */
async function settle(page: Page, inFlight: () => number) {
  await networkQuiet(inFlight);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await networkQuiet(inFlight);
}

export async function webBench(opts: WebBenchOptions): Promise<WebTiming[]> {
  const timings: WebTiming[] = [
    { name: 'clientes', label: 'Clientes (menú → primera fila)', ms: [], after: [] },
    { name: 'panel', label: 'Panel del cliente (fila → nombre y primer pago)', ms: [], after: [] },
    { name: 'dispositivos', label: 'Dispositivos (menú → primera fila)', ms: [], after: [] },
    { name: 'finanzas', label: "Finanzas (menú → 'Ingresos totales')", ms: [], after: [] },
  ];
  const browser = await chromium.launch({
    executablePath: opts.chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (let run = 0; run < opts.runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 1366, height: 768 },
        locale: 'es-MX',
        timezoneId: 'America/Mexico_City',
      });
      await context.addInitScript((s: { token: string; user: unknown }) => {
        if (!localStorage.getItem('token')) {
          localStorage.setItem('token', s.token);
          localStorage.setItem('user', JSON.stringify(s.user));
        }
      }, opts.session);
      const page = await context.newPage();
      const inFlight = trackRequests(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuThrottling });
      await page.goto(`${opts.appUrl}/dashboard`);
      await page.locator('.sh-aside').getByRole('link', { name: 'Clientes' }).waitFor();
      await settle(page, inFlight);
      const sidebar = (name: string) => page.locator('.sh-aside').getByRole('link', { name, exact: true });

      await clickToContent(page, timings[0]!, sidebar('Clientes'), () => [newRow(page)]);
      await settle(page, inFlight);
      const firstName = page.locator('main .MuiDataGrid-row').first().locator('[data-field="nombre"]');
      const name = (await firstName.innerText()).trim();
      await clickToContent(page, timings[1]!, firstName, () => [
        page.getByRole('heading', { level: 1, name }),
        page.locator('main [aria-label="Pagos del cliente"] .MuiDataGrid-row:not([data-bench-seen])').first(),
      ]);
      await settle(page, inFlight);
      await clickToContent(page, timings[2]!, sidebar('Dispositivos'), () => [newRow(page)]);
      await settle(page, inFlight);
      await clickToContent(page, timings[3]!, sidebar('Finanzas'), () => [
        page.locator('main [aria-label="Ingresos totales"]'),
      ]);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return timings;
}
