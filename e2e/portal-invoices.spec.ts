import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeFromInbox, demoUserAt, signInAs } from './fixtures';

/*
 * Issue 26 beside the portal (issue 24), against the demo's fake PAC: a payment of an invoiced customer is stamped;
 * the cashier's Pagos tab shows it 'Facturada' without 'Facturar', and the customer finds it in the portal's
 * 'Mis facturas' with its PDF. Screenshots at 390 px and 1366x768 go to the test's output folder (not committed).
 */
test.setTimeout(240_000);

async function authHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}` };
}

/** An authorized customer who asks for invoices, with fiscal data and one paid month (set up through the API). */
async function invoicedCustomer(page: Page, request: APIRequestContext) {
  const headers = await authHeaders(page);
  const nombre = `Portal Factura ${Date.now().toString(36)}`;
  const telefono = `771${String(Date.now()).slice(-7)}`;
  const created = await request.post('/api/contratos', {
    headers,
    data: {
      nombre,
      calle: 'Juárez',
      numero: '8',
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      estado: 'Hidalgo',
      cp: '43800',
      telefono,
      tipo: 1,
      monto: 300,
      costoInstalacion: 1300,
      fechaContratacion: new Date().toISOString().slice(0, 10),
      facturar: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const authorized = await request.get(`/api/contratos/${id}/authorize`, { headers });
  expect(authorized.ok(), await authorized.text()).toBe(true);
  const { no } = (await authorized.json()) as { no: number };
  const fiscal = await request.put(`/api/contratos/${id}/datos-fiscales`, {
    headers,
    data: {
      rfc: 'FASJ960709N19',
      razonSocial: 'José Farías Sánchez',
      regimenFiscal: '612',
      codigoPostal: '43815',
      usoCfdi: 'G03',
      email: null,
    },
  });
  expect(fiscal.ok(), await fiscal.text()).toBe(true);
  const paid = await request.post('/api/Pagos/registrar', {
    headers: { ...headers, 'idempotency-key': `e2e-portal-factura-${id}` },
    data: { idCliente: id, monto: 348, idCuenta: 4, facturar: true },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { id, no, nombre, telefono, reciboId: ((await paid.json()) as { reciboId: number }).reciboId };
}

/** The contract's invoice once the job has stamped it (asked again until then, never a fixed wait). */
async function stampedFolio(page: Page, request: APIRequestContext, contratoId: number): Promise<string> {
  let folio = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/facturas?idContrato=${contratoId}`, { headers: await authHeaders(page) });
        const last = ((await res.json()) as { items: { estado: string; serie: string; folio: number }[] }).items[0];
        folio = last ? `${last.serie}${last.folio}` : '';
        return last?.estado ?? 'sin factura';
      },
      { timeout: 60_000 },
    )
    .toBe('valida');
  return folio;
}

test('the stamped invoice shows Facturada in the Pagos tab and in the customer’s Mis facturas with its PDF', async ({
  page: staff,
  request,
  browser,
}) => {
  await signInAs(staff, await demoUserAt(request, 20));
  const customer = await invoicedCustomer(staff, request);
  const folio = await stampedFolio(staff, request, customer.id);

  // The panel's Pagos tab: the invoiced payment has its state, not 'Facturar'.
  await staff.goto(`/dashboard/profile?id=${customer.id}`);
  await expect(staff.getByRole('heading', { name: customer.nombre })).toBeVisible();
  await staff.getByRole('tab', { name: 'Pagos' }).click();
  const row = staff.getByRole('row').filter({ hasText: `No. ${customer.reciboId}` });
  await expect(row.getByRole('button', { name: `Facturada: descargar PDF de la factura ${folio}` })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Facturar pago' })).toHaveCount(0);
  await staff.setViewportSize({ width: 1366, height: 768 });
  await row.scrollIntoViewIfNeeded();
  // At 1366 px every column fits, the invoice's included: the receipt buttons show without scrolling sideways.
  const grid = (await staff.getByRole('grid', { name: 'Pagos del cliente' }).boundingBox())!;
  const receipt = (await row.getByRole('link', { name: 'Ver recibo' }).boundingBox())!;
  expect(receipt.x + receipt.width).toBeLessThanOrEqual(grid.x + grid.width);
  await staff.screenshot({ path: test.info().outputPath('panel-1366-pagos.png') });

  // The customer signs in on a phone and opens Mis facturas.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  const portal = await context.newPage();
  await portal.goto('/portal');
  await portal.getByLabel('Número de contrato').fill(String(customer.no));
  await portal.getByLabel('Teléfono').fill(customer.telefono);
  await portal.getByRole('button', { name: 'Enviar código' }).click();
  await expect(portal.getByRole('status')).toContainText('te enviamos un código por WhatsApp');
  await portal.getByLabel('Código de 6 dígitos').fill(await codeFromInbox(staff));
  await portal.getByRole('button', { name: 'Entrar' }).click();
  await expect(portal.getByRole('heading', { name: `Hola, ${customer.nombre}` })).toBeVisible();
  await portal.getByRole('link', { name: 'Mis facturas' }).click();
  await expect(portal.getByRole('heading', { name: 'Mis facturas' })).toBeVisible();
  const item = portal.getByRole('list', { name: 'Facturas' }).getByRole('listitem').first();
  await expect(item).toContainText(`Factura ${folio}`);
  await expect(item).toContainText('Vigente');
  await expect(item).toContainText('$348.00');
  await portal.screenshot({ path: test.info().outputPath('portal-390-facturas.png'), fullPage: true });
  const pdf = await portal.request.get(
    (await item.getByRole('link', { name: `PDF de la factura ${folio}` }).getAttribute('href'))!,
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const xml = await portal.request.get(
    (await item.getByRole('link', { name: `XML de la factura ${folio}` }).getAttribute('href'))!,
  );
  expect(xml.status()).toBe(200);
  expect(await xml.text()).toContain('FASJ960709N19');
  await portal.setViewportSize({ width: 1366, height: 768 });
  await portal.screenshot({ path: test.info().outputPath('portal-1366-facturas.png'), fullPage: true });
  await context.close();
});
