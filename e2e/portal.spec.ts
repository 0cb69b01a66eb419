import { validPhone } from '@airlink/domain';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { codeFromInbox, demoUserAt, signInAs } from './fixtures';

/*
 * The customers' portal (issue 24): a demo customer signs in with the code the Cobranza instance sends by WhatsApp
 * (read from the staff app's WhatsApp inbox), pays 2 months on the demo's fake Mercado Pago ('Aprobar'), is back at
 * the portal with the receipt and the new paid-until, and the cashier sees the payment in Caja y Bancos.
 * Screenshots of every portal screen, at 390 px and at 1366x768, go to the test's output folder (not committed).
 */
test.describe.configure({ mode: 'serial' });
// One long path through two apps, three browser contexts and the fake checkout: more than one usual test's time.
test.setTimeout(480_000);

interface Contract {
  id: number;
  no: number;
  nombre: string;
  telefono: string;
  cortado: boolean;
  activo: boolean;
}

async function apiGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function openPortal(browser: Browser, width: number, height: number, storageState?: string) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    ...(storageState ? { storageState } : {}),
  });
  return { context, page: await context.newPage() };
}

const pagadoHasta = (page: Page) =>
  page.getByText('Pagado hasta', { exact: true }).locator('xpath=following-sibling::dd');

test('a customer signs in with the WhatsApp code, pays 2 months online and the cashier sees it', async ({
  page: staff,
  request,
  browser,
}) => {
  await signInAs(staff, await demoUserAt(request, 20));
  const list = await apiGet<{ items: Contract[] }>(staff, request, '/api/contratos?pageSize=100');
  // The portal opens for an active, authorized contract (a number above 0) with its phone on file.
  const customer = list.items.find((c) => c.activo && c.no > 0 && !c.cortado && validPhone(c.telefono));
  expect(customer, 'the demo has an active, connected customer with a WhatsApp phone').toBeDefined();

  // Sign-in at 390 px: the neutral message, then the code from the inbox.
  const phone = await openPortal(browser, 390, 844);
  const portal = phone.page;
  await portal.goto('/portal');
  await expect(portal.getByRole('heading', { name: 'Entra a tu cuenta' })).toBeVisible();
  await shoot(portal, 'portal-390-entrar');
  await portal.getByLabel('Número de contrato').fill(String(customer!.no));
  await portal.getByLabel('Teléfono').fill(customer!.telefono);
  await portal.getByRole('button', { name: 'Enviar código' }).click();
  await expect(portal.getByRole('status')).toContainText('te enviamos un código por WhatsApp');
  await shoot(portal, 'portal-390-codigo');
  const code = await codeFromInbox(staff);
  await portal.getByLabel('Código de 6 dígitos').fill(code);
  await portal.getByRole('button', { name: 'Entrar' }).click();

  // The account.
  await expect(portal.getByRole('heading', { name: `Hola, ${customer!.nombre}` })).toBeVisible();
  const before = await pagadoHasta(portal).textContent();
  await shoot(portal, 'portal-390-cuenta');

  // Pay 2 months on the fake Mercado Pago.
  await portal.getByRole('link', { name: 'Pagar en línea' }).click();
  await expect(portal.getByRole('heading', { name: 'Pagar en línea' })).toBeVisible();
  await portal.getByRole('radio', { name: '2 meses', exact: true }).check();
  await shoot(portal, 'portal-390-pagar');
  await portal.getByRole('button', { name: 'Ir a pagar' }).click();
  await portal.getByRole('button', { name: 'Aprobar' }).click();

  // Back at the portal: approved, with the receipt and the new paid-until.
  await expect(portal).toHaveURL(/\/portal\?pago=/);
  await expect(portal.getByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
  const receipt = portal.getByRole('link', { name: 'Ver recibo (PDF)' });
  await expect(receipt).toBeVisible();
  await expect(portal.getByText(/Tu servicio está pagado hasta el/)).toBeVisible();
  await shoot(portal, 'portal-390-pago-aprobado');
  const pdf = await portal.request.get((await receipt.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  await portal.getByRole('link', { name: 'Ir a mi cuenta' }).click();
  await expect(pagadoHasta(portal)).not.toHaveText(before!);
  await portal.getByRole('link', { name: 'Mis pagos' }).click();
  await expect(portal.getByRole('heading', { name: 'Mis pagos' })).toBeVisible();
  await expect(portal.getByRole('link', { name: 'Recibo (PDF)' }).first()).toBeVisible();
  await shoot(portal, 'portal-390-pagos');

  // Report a fault.
  await portal.getByRole('link', { name: 'Reportar falla' }).click();
  await portal.getByLabel('Asunto').fill('Internet lento en la noche');
  await portal.getByLabel('Descripción').fill('Desde hace dos días baja mucho la velocidad después de las 9.');
  await portal.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(portal.getByRole('status')).toContainText('Recibimos tu reporte');
  await expect(portal.getByRole('list', { name: 'Mis reportes' })).toContainText('Internet lento en la noche');
  await shoot(portal, 'portal-390-reportes');

  // The same screens at 1366x768, with the same session.
  const state = test.info().outputPath('portal-state.json');
  await phone.context.storageState({ path: state });
  const wide = await openPortal(browser, 1366, 768, state);
  for (const [path, name, heading] of [
    ['/portal', 'cuenta', `Hola, ${customer!.nombre}`],
    ['/portal/pagar', 'pagar', 'Pagar en línea'],
    ['/portal/pagos', 'pagos', 'Mis pagos'],
    ['/portal/reportes', 'reportes', 'Reportar una falla'],
  ] as const) {
    await wide.page.goto(path);
    await expect(wide.page.getByRole('heading', { name: heading })).toBeVisible();
    await shoot(wide.page, `portal-1366-${name}`);
  }

  // 'Salir' ends the session: the sign-in again, also after a reload.
  await portal.getByRole('button', { name: 'Salir' }).click();
  await expect(portal.getByRole('heading', { name: 'Entra a tu cuenta' })).toBeVisible();
  await portal.reload();
  await expect(portal.getByRole('heading', { name: 'Entra a tu cuenta' })).toBeVisible();
  await wide.page.goto('/portal');
  await expect(wide.page.getByRole('heading', { name: 'Entra a tu cuenta' })).toBeVisible();
  await shoot(wide.page, 'portal-1366-entrar');
  await wide.context.close();
  await phone.context.close();

  // The cashier sees it in Caja y Bancos › Pagos en línea.
  const cashier = await browser.newPage();
  await signInAs(cashier, await demoUserAt(request, 16));
  await cashier.goto('/dashboard/caja?tab=en-linea');
  const grid = cashier.getByRole('grid', { name: 'Pagos en línea' });
  const row = grid.getByRole('row').filter({ hasText: customer!.nombre });
  await expect(row).toContainText('Aprobado');
  await cashier.close();
});

interface NetworkContract {
  id: number;
  cortado: boolean;
  idRouter: number | null;
  ipCliente: string;
  estadoRed: 'aplicado' | 'pendiente' | 'error' | null;
  estadoRedMensaje: string | null;
}

/** The server's contract, asked until the router's result is stored (never a fixed wait). */
async function whenSettled(page: Page, request: APIRequestContext, id: number): Promise<NetworkContract> {
  let last: NetworkContract | undefined;
  await expect
    .poll(
      async () => {
        last = await apiGet<NetworkContract>(page, request, `/api/contratos/${id}`);
        return last.estadoRed;
      },
      { timeout: 30_000 },
    )
    .not.toBe('pendiente');
  return last!;
}

test('a cut customer pays online: the fake router reconnects them and the panel shows the payment', async ({
  page: staff,
  request,
  browser,
}) => {
  await signInAs(staff, await demoUserAt(request, 20));
  const list = await apiGet<{ items: Contract[] }>(staff, request, '/api/contratos?pageSize=100');
  // Another customer than the first test's: active, connected, served by a router, with a WhatsApp phone.
  let customer: Contract | undefined;
  for (const c of [...list.items].reverse()) {
    if (!c.activo || c.no <= 0 || c.cortado || !validPhone(c.telefono)) continue;
    const net = await apiGet<NetworkContract>(staff, request, `/api/contratos/${c.id}`);
    if (net.idRouter !== null && net.ipCliente !== '' && net.estadoRed !== 'error') {
      customer = c;
      break;
    }
  }
  expect(customer, 'a demo customer on a router with a WhatsApp phone').toBeDefined();

  // Support cuts the service on the router.
  const token = await staff.evaluate(() => localStorage.getItem('token'));
  const cut = await request.post(`/api/contratos/${customer!.id}/cortar`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { nota: 'Prueba e2e: pago en línea de un cliente cortado' },
  });
  expect(cut.ok()).toBe(true);
  const cutState = await whenSettled(staff, request, customer!.id);
  expect(cutState.cortado).toBe(true);
  expect(cutState.estadoRed, cutState.estadoRedMensaje ?? '').toBe('aplicado');

  // The customer signs in and sees the suspension and the amount with the reconnection fee.
  const phone = await openPortal(browser, 390, 844);
  const portal = phone.page;
  await portal.goto('/portal');
  await portal.getByLabel('Número de contrato').fill(String(customer!.no));
  await portal.getByLabel('Teléfono').fill(customer!.telefono);
  await portal.getByRole('button', { name: 'Enviar código' }).click();
  await expect(portal.getByRole('status')).toContainText('te enviamos un código por WhatsApp');
  const code = await codeFromInbox(staff);
  await portal.getByLabel('Código de 6 dígitos').fill(code);
  await portal.getByRole('button', { name: 'Entrar' }).click();
  await expect(portal.getByRole('heading', { name: `Hola, ${customer!.nombre}` })).toBeVisible();
  await expect(portal.getByText('Servicio suspendido')).toBeVisible();
  await shoot(portal, 'portal-390-suspendido');

  // One month on the fake Mercado Pago.
  await portal.getByRole('link', { name: 'Pagar en línea' }).click();
  await portal.getByRole('radio', { name: '1 mes', exact: true }).check();
  await portal.getByRole('button', { name: 'Ir a pagar' }).click();
  await portal.getByRole('button', { name: 'Aprobar' }).click();
  await expect(portal.getByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
  await phone.context.close();

  // The payment reconnects them through the network path: the fake router confirmed it.
  const back = await whenSettled(staff, request, customer!.id);
  expect(back.cortado).toBe(false);
  expect(back.estadoRed, back.estadoRedMensaje ?? '').toBe('aplicado');

  // The cashier sees it in the customer panel like any payment, with its reconnection and its place.
  const cashier = await browser.newPage();
  await signInAs(cashier, await demoUserAt(request, 16));
  await cashier.goto(`/dashboard/profile?id=${customer!.id}`);
  await expect(cashier.getByRole('heading', { name: customer!.nombre })).toBeVisible();
  await expect(cashier.getByRole('status').filter({ hasText: 'Activo en el router' })).toBeVisible();
  await cashier.getByRole('tab', { name: 'Pagos' }).click();
  const row = cashier.getByRole('row').filter({ hasText: 'Mercado Pago' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Reconexión');
  await cashier.close();
});
