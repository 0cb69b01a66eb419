import { suggestedPaymentAmount } from '@airlink/domain';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

async function apiGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

/** Today as dd/mm/aaaa in Mexico City (the business time zone). */
function todayText(): string {
  return new Intl.DateTimeFormat('es-MX', {
    timeZone: 'America/Mexico_City',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}

const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n);

test('un cajero cobra una reconexión con factura, entrega el recibo y el tablero del administrador lo ve al instante', async ({
  browser,
  page,
  request,
}) => {
  // The admin watches the dashboard in another browser.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, await demoUserAt(request, 20));
  await expect(admin).toHaveURL(/\/dashboard\/home/);
  await expectHubConnected(admin);

  await signInAs(page, await demoUserAt(request, 16));
  await page.goto('/dashboard/clientes?estado=suspendidos');
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const contract = await apiGet<{ nombre: string; monto: number; cortado: boolean }>(
    page,
    request,
    `/api/contratos/${id}`,
  );
  expect(contract.cortado).toBe(true);
  await expect(page.getByRole('alert').filter({ hasText: 'Suspendido' })).toBeVisible();

  await page.getByRole('button', { name: 'Pago', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Registrar pago/ });
  await expect(dialog.getByLabel('Reconexión (+$30)')).toBeChecked();
  await expect(dialog.getByLabel('Lugar de pago')).toContainText('Oficina Aurrera');
  await dialog.getByLabel('Factura (+16 % IVA)').check();
  const expected = Math.round((contract.monto + 30) * 1.16);
  await expect(dialog.getByLabel('Monto')).toHaveValue(new RegExp(expected.toLocaleString('en-US').replace(',', ',?')));

  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Registrar pago' }).click(),
  ]);
  await expect(receipt).toHaveURL(/\/print\/receipt\/[0-9a-f-]{36}$/);
  const doc = receipt.getByRole('article', { name: 'Recibo' });
  await expect(doc.getByLabel('Monto')).toHaveText(money(expected));
  await expect(doc).toContainText('PESOS 00/100 M.N.');
  await expect(doc).toContainText(contract.nombre);
  // A reconnection starts its period on the payment date.
  await expect(doc).toContainText(todayText());
  const qr = doc.getByRole('img', { name: 'Código QR del recibo' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(doc).toContainText(receipt.url());
  // The demo takes payments online (Pagos en línea on): the receipt points to the portal.
  await expect(doc).toContainText(`Paga en línea: ${new URL(receipt.url()).origin}/portal`);
  await receipt.screenshot({ path: test.info().outputPath('recibo-ticket-1366.png'), fullPage: true });
  await receipt.getByRole('button', { name: 'Media carta' }).click();
  await expect(doc).toContainText('Paga en línea:');
  await receipt.screenshot({ path: test.info().outputPath('recibo-media-carta-1366.png'), fullPage: true });

  // The panel shows the service reconnected.
  await expect(page.getByRole('alert').filter({ hasText: 'Suspendido' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Registro' }).click();
  await expect(page.getByText(/Pago registrado/).first()).toBeVisible();

  // The admin's dashboard got it without a reload.
  await expect(admin.getByText(`Nuevo pago: ${contract.nombre}`, { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(
    admin.getByRole('region', { name: 'Pagos', exact: true }).getByText(contract.nombre).first(),
  ).toBeVisible();
  await adminContext.close();
});

test('un cajero registra un gasto', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 16));
  await menu(page).getByRole('link', { name: 'Gastos' }).click();
  const form = page.getByRole('form', { name: 'Registrar gasto' });
  await expect(form.getByLabel('Monto')).toHaveValue(/100/);
  const descripcion = `Gasolina camioneta ${Date.now().toString().slice(-6)}`;
  await form.getByLabel('Monto').fill('');
  await form.getByRole('button', { name: 'Agregar gasto' }).click();
  await expect(form.getByText('La descripción es obligatoria')).toBeVisible();

  await form.getByLabel('Monto').fill('450.50');
  await form.getByLabel('Descripción').fill(descripcion);
  await form.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Combustible' }).click();
  await form.getByRole('combobox', { name: 'Cuenta' }).click();
  await page.getByRole('option', { name: 'Oficina Aurrera' }).click();
  await form.getByRole('button', { name: 'Agregar gasto' }).click();
  await expect(page.getByText('Gasto agregado correctamente')).toBeVisible();
  await expect(page.getByText(descripcion)).toBeVisible();
});

test('importa un estado de cuenta sin duplicar y usa su referencia en un pago', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 16));
  // The customer who pays, and the deposit of exactly the month the dialog suggests (a deposit of another
  // amount would need a confirmation, and one below the month would have to be an abono).
  await page.goto('/dashboard/clientes?estado=activos');
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\?id=\d+/);
  const customerUrl = page.url();
  const id = Number(new URL(customerUrl).searchParams.get('id'));
  const payer = await apiGet<{ monto: number; cortado: boolean; facturar: boolean }>(
    page,
    request,
    `/api/contratos/${id}`,
  );
  const deposit = suggestedPaymentAmount(payer.monto, payer.cortado, payer.facturar);
  const ref = `SPEI E2E${Date.now().toString().slice(-7)}`;
  const csv = `Fecha,Concepto,Referencia,Deposito,Retiro\n21/11/2026,Pago de internet,${ref},${deposit.toFixed(2)},\n21/11/2026,Comisión,COM1,,15.00\n`;
  await menu(page).getByRole('link', { name: 'Caja y Bancos' }).click();
  await page.getByRole('tab', { name: 'Importar estado de cuenta' }).click();

  const importOnce = async () => {
    await page.getByRole('combobox', { name: 'Cuenta bancaria' }).click();
    await page.getByRole('option', { name: 'Banamex Airlink' }).click();
    await page.getByLabel('Archivo CSV del estado de cuenta').setInputFiles({
      name: 'estado.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await expect(page.getByRole('region', { name: 'Vista previa' })).toBeVisible();
  };

  await importOnce();
  await page.getByRole('button', { name: /^Importar 1 movimiento/ }).click();
  await expect(
    page.getByText('Se importó 1 movimiento; 0 ya existían y 1 se omitió (sin depósito).').first(),
  ).toBeVisible();

  // The same file again adds nothing.
  await page.getByRole('button', { name: 'Importar otro archivo' }).click();
  await importOnce();
  await expect(page.getByText(/No hay movimientos nuevos/)).toBeVisible();

  // The deposit's reference is offered in a customer's payment dialog.
  await page.goto(customerUrl);
  await page.getByRole('button', { name: 'Pago', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Registrar pago/ });
  await dialog.getByLabel('Referencia').fill(ref.slice(-6).toLowerCase());
  await page.getByRole('option', { name: new RegExp(ref) }).click();
  await expect(dialog.getByLabel('Lugar de pago')).toContainText('Banamex Airlink');
  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Registrar pago' }).click(),
  ]);
  await expect(receipt.getByRole('article', { name: 'Recibo' })).toContainText(ref);

  // The deposit is no longer pending.
  const pending = await apiGet<Array<{ referencia: string }>>(
    page,
    request,
    `/api/Cuentas/pagospendientes?q=${encodeURIComponent(ref)}`,
  );
  expect(pending).toEqual([]);
});
