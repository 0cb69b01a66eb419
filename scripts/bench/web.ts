// `npm run bench`, the web part (issue 25, part 7): click-to-content of four pages in Chromium with the CPU
// throttled (a cashier's laptop), against the bench's app serving the built web over the bench's data.
// After sign-in (the session is stored as the sign-in page stores it) the dashboard loads and the browser goes
// idle; then the sidebar's 'Clientes' is clicked, a customer row of that list, the sidebar's 'Dispositivos' and
// 'Finanzas', one after another as a person would (the pointer rests on the target a moment before the press), the
// browser idle between them. Each time is from the press to the first frame painted with the page's content: the new
// page's first data row (a grid's row that was not on the screen before the click), the customer's name and first
// payment row on the panel, the report's first figure on Finanzas, watched from inside the page on its own clock.
// A fresh browser context (empty cache) per run.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type CDPSession, type Locator, type Page, type Request } from 'playwright-core';

export interface WebTiming {
  name: string;
  label: string;
  /** From the trusted pointerdown to the frame drawn with the content, on the page's clock (the target's figure). */
  ms: number[];
  /** The same from Playwright: from the call of its click (its checks before it) to its poll that saw the content. */
  outside: number[];
  /** What the page still asked for after the click (code and data not fetched ahead), per run. */
  after: string[][];
  /** What it asked for while the pointer rested on the target before the press, per run. */
  hovered: string[][];
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
  /** A folder: a CPU profile of the page's main thread per click (<page>-<run>.cpuprofile) and the requests' times. */
  profileDir?: string;
}

/** What a click is measured with: the page, and when profiling, its DevTools session and where profiles go. */
interface Probe {
  page: Page;
  run: number;
  cdp: CDPSession;
  profileDir?: string;
}

/**
 * How long the pointer rests on what it is about to click. Playwright's click moves the pointer and presses in the
 * same millisecond, which no person does: the pointer enters a row on its way to the name, then aims and presses, a
 * few hundred milliseconds later (the customers list fetches the panel's data while the pointer is on a row).
 */
const POINTER_REST_MS = 300;

/** Marks every grid row on the screen, so that the next page's rows can be told apart from the last page's. */
async function markRows(page: Page) {
  await page.evaluate(() => {
    for (const row of document.querySelectorAll<HTMLElement>('.MuiDataGrid-row')) row.dataset.benchSeen = '1';
  });
}

/** A piece of a page's content: the first element matching `selector` (holding `text`, when given). */
interface Content {
  selector: string;
  text?: string;
}

/** The new page's first data row: a grid row that was not on the screen before the click. */
const NEW_ROW: Content = { selector: 'main .MuiDataGrid-row:not([data-bench-seen])' };

/**
 * Watches the page from inside: the trusted pointerdown's time, and the first animation frame after it in which
 * every piece of `content` is in the document, laid out and visible (that frame is the one painted with it). Both are read
 * on the page's own clock, so the figure holds neither Playwright's checks before the click (scrolling the target into
 * view, waiting for it to be stable, the hit test: 150–500 ms with the CPU 4x slower) nor the latency of its polling.
 */
async function watchContent(page: Page, content: Content[]) {
  await page.evaluate(`(${WATCH_SCRIPT})(${JSON.stringify(content)})`);
}

/**
 * watchContent's page side, as source text: the bench runs under tsx, whose transform would give the functions
 * inside a `page.evaluate` callback a helper (`__name`) that the page does not have.
 */
const WATCH_SCRIPT = `(pieces) => {
  const bench = { clickAt: -1, shownAt: -1 };
  window.__bench = bench;
  const onDown = (e) => {
    if (!e.isTrusted) return;
    bench.clickAt = e.timeStamp;
    window.removeEventListener('pointerdown', onDown, true);
    requestAnimationFrame(frame);
  };
  window.addEventListener('pointerdown', onDown, true);
  const shown = (piece) =>
    [...document.querySelectorAll(piece.selector)].some(
      (el) =>
        (piece.text === undefined || (el.textContent ?? '').includes(piece.text)) &&
        el.checkVisibility({ visibilityProperty: true }) &&
        el.getBoundingClientRect().height > 0,
    );
  // From the pointerdown on, every frame until the one with the content (none before: a page left alone has no frames).
  // The checks ask for sizes, so the frame's style and layout are done by the time they answer: the time taken then
  // leaves out only the paint. (A timer set from here would run after whatever work was queued before it, the app's
  // next renders included, not after the paint.)
  const frame = () => {
    if (pieces.every(shown)) bench.shownAt = performance.now();
    else requestAnimationFrame(frame);
  };
}`;

/** The watched click's figure (ms from the pointerdown to the frame with the content), once that frame has run. */
async function watchedMs(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const bench = (window as unknown as { __bench: { clickAt: number; shownAt: number } }).__bench;
      return bench.shownAt >= 0 ? bench.shownAt - bench.clickAt : null;
    },
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Milliseconds from the click until every piece of `content` is visible (watched from inside the page, see
 * watchContent), the same seen from Playwright (its click's checks and its polling included), and the requests made
 * meanwhile.
 */
async function clickToContent(probe: Probe, timing: WebTiming, click: Locator, content: Content[]): Promise<void> {
  const { page, cdp, profileDir } = probe;
  await markRows(page);
  await click.waitFor({ state: 'visible' });
  const asked: string[] = [];
  const timeline: string[] = [];
  let started = 0;
  const shortPath = (r: Request) => new URL(r.url()).pathname.replace(/^\/assets\//, '');
  const at = () => (performance.now() - started).toFixed(0).padStart(5);
  const hovered: string[] = [];
  let pressed = false;
  const onRequest = (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/notificationHub')) return;
    (pressed ? asked : hovered).push(shortPath(r));
    if (profileDir && pressed) timeline.push(`${at()} ms  →  ${shortPath(r)}`);
  };
  const onFinished = (r: Request) => void (profileDir && timeline.push(`${at()} ms  ←  ${shortPath(r)}`));
  // The pointer comes to rest on the target before the press, as a person's does while aiming (it enters a row on its
  // way to the name): what the app fetches on hover starts then, as it would for a person ('hovered', not 'after').
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  await click.hover();
  await page.waitForTimeout(POINTER_REST_MS);
  await watchContent(page, content);
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  started = performance.now();
  pressed = true;
  await click.click();
  // The page's own watcher first (a field read every 50 ms: Playwright's locators, polled every frame, would take the
  // page's main thread while it draws), then Playwright's locators confirm what it saw.
  const ms = await watchedMs(page);
  timing.outside.push(performance.now() - started);
  for (const piece of content) {
    const locator = page.locator(piece.selector);
    await (piece.text === undefined ? locator : locator.filter({ hasText: piece.text }))
      .first()
      .waitFor({ state: 'visible', timeout: 5_000 });
  }
  timing.ms.push(ms);
  page.off('request', onRequest);
  page.off('requestfinished', onFinished);
  timing.after.push(asked);
  timing.hovered.push(hovered);
  if (profileDir) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = path.join(profileDir, `${timing.name}-${probe.run}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`  ${timing.name} run ${probe.run}: ${ms.toFixed(0)} ms → ${file}\n    ${timeline.join('\n    ')}`);
  }
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
    { name: 'clientes', label: 'Clientes (menú → primera fila)', ms: [], outside: [], after: [], hovered: [] },
    {
      name: 'panel',
      label: 'Panel del cliente (fila → nombre y primer pago)',
      ms: [],
      outside: [],
      after: [],
      hovered: [],
    },
    { name: 'dispositivos', label: 'Dispositivos (menú → primera fila)', ms: [], outside: [], after: [], hovered: [] },
    { name: 'finanzas', label: "Finanzas (menú → 'Ingresos totales')", ms: [], outside: [], after: [], hovered: [] },
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

      const probe: Probe = { page, run, cdp, profileDir: opts.profileDir };
      await clickToContent(probe, timings[0]!, sidebar('Clientes'), [NEW_ROW]);
      await settle(page, inFlight);
      const firstName = page.locator('main .MuiDataGrid-row').first().locator('[data-field="nombre"]');
      const name = (await firstName.innerText()).trim();
      await clickToContent(probe, timings[1]!, firstName, [
        { selector: 'main h1', text: name },
        { selector: 'main [aria-label="Pagos del cliente"] .MuiDataGrid-row:not([data-bench-seen])' },
      ]);
      await settle(page, inFlight);
      await clickToContent(probe, timings[2]!, sidebar('Dispositivos'), [NEW_ROW]);
      await settle(page, inFlight);
      await clickToContent(probe, timings[3]!, sidebar('Finanzas'), [
        { selector: 'main [aria-label="Ingresos totales"]' },
      ]);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return timings;
}
