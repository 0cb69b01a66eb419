import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

/**
 * Issue 26's journey against the demo's fake PAC (started by the demo entry on loopback, invoicing switched on):
 * a cashier captures a customer's fiscal data, registers a payment of a 'facturar' contract and downloads its
 * invoice's PDF; an administrator cancels it with motive 02. The spec creates its own contract.
 */

interface InvoiceAnswer {
  id: number;
  serie: string;
  folio: number | null;
  estado: string;
  motivo: string | null;
}

async function authHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}` };
}

/** A new customer who asks for invoices, created through the API (not what is tested). */
async function newInvoicedContract(page: Page, request: APIRequestContext): Promise<{ id: number; nombre: string }> {
  const nombre = `Prueba Factura ${Date.now().toString(36)}`;
  const res = await request.post('/api/contratos', {
    headers: await authHeaders(page),
    data: {
      nombre,
      calle: 'Hidalgo',
      numero: '12',
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      estado: 'Hidalgo',
      cp: '43800',
      telefono: '7715550123',
      tipo: 1,
      monto: 300,
      costoInstalacion: 1300,
      fechaContratacion: new Date().toISOString().slice(0, 10),
      facturar: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const contract = (await res.json()) as { id: number };
  return { id: contract.id, nombre };
}

/** The contract's invoice once the job has stamped it (asked again until then, never a fixed wait). */
async function stampedInvoice(page: Page, request: APIRequestContext, contratoId: number): Promise<InvoiceAnswer> {
  let last: InvoiceAnswer | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/facturas?idContrato=${contratoId}`, { headers: await authHeaders(page) });
        expect(res.ok()).toBe(true);
        last = ((await res.json()) as { items: InvoiceAnswer[] }).items[0];
        return last ? `${last.estado}${last.motivo ? `: ${last.motivo}` : ''}` : 'sin factura';
      },
      { timeout: 60_000 },
    )
    .toBe('valida');
  return last!;
}

test('un cajero cobra a un cliente que factura y descarga el PDF; un administrador la cancela con motivo 02', async ({
  browser,
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 16));
  const contract = await newInvoicedContract(page, request);

  // Datos fiscales, from the contract form.
  await page.goto(`/dashboard/profile?id=${contract.id}`);
  await page.getByRole('button', { name: 'Editar', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Editar datos del contrato' });
  await expect(form.getByText('Sin datos fiscales: sus pagos no se podrán facturar hasta capturarlos.')).toBeVisible();
  await form.getByRole('button', { name: 'Capturar datos fiscales' }).click();
  const fiscal = page.getByRole('dialog', { name: 'Datos fiscales' });
  await fiscal.getByLabel('RFC').fill('FASJ960709N18'); // a wrong check digit first
  await fiscal.getByLabel('Nombre o razón social').fill('José Farías Sánchez');
  await fiscal.getByLabel('Código postal fiscal').fill('43815');
  await fiscal.getByRole('combobox', { name: /Régimen fiscal/ }).click();
  await page.getByRole('option', { name: /^612 / }).click();
  await fiscal.getByRole('combobox', { name: /Uso del CFDI/ }).click();
  await page.getByRole('option', { name: /^G03/ }).click();
  await fiscal.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(fiscal.getByText(/dígito verificador/)).toBeVisible();
  await fiscal.getByLabel('RFC').fill('FASJ960709N19');
  await fiscal.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(fiscal).toBeHidden();
  await expect(form.getByLabel('Datos fiscales guardados')).toContainText('FASJ960709N19');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();

  // The payment, with its 16 % IVA; the receipt opens in another tab.
  await page.getByRole('button', { name: 'Pago', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Registrar pago/ });
  await expect(dialog.getByLabel('Factura (+16 % IVA)')).toBeChecked();
  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Registrar pago' }).click(),
  ]);
  await receipt.close();

  // The job stamps the invoice after the payment commits; the cashier downloads its PDF from Facturación.
  const invoice = await stampedInvoice(page, request, contract.id);
  const folio = `${invoice.serie}${invoice.folio}`;
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Facturación' }).click();
  await expect(page.getByRole('heading', { name: 'Facturación', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Contrato' }).fill(String(contract.id));
  const row = page.getByRole('grid', { name: 'Facturas' }).getByRole('row').filter({ hasText: folio });
  await expect(row).toContainText('Válida');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Descargar PDF de ${folio}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`factura-${folio}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('FASJ960709N19');
  // A cashier does not cancel.
  await expect(row.getByRole('button', { name: `Cancelar ${folio}` })).toHaveCount(0);

  // The administrator cancels it with motive 02 (up to $1,000: final at once).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, await demoUserAt(request, 20));
  await admin.goto('/dashboard/facturacion');
  await admin.getByRole('textbox', { name: 'Contrato' }).fill(String(contract.id));
  const adminRow = admin.getByRole('grid', { name: 'Facturas' }).getByRole('row').filter({ hasText: folio });
  await adminRow.getByRole('button', { name: `Cancelar ${folio}` }).click();
  const cancel = admin.getByRole('dialog', { name: `Cancelar factura ${folio}` });
  await expect(cancel.getByRole('combobox', { name: /Motivo de cancelación/ })).toContainText('02');
  await cancel.getByRole('button', { name: 'Cancelar factura' }).click();
  await expect(admin.getByText(`Factura ${folio} cancelada`)).toBeVisible();
  await expect(adminRow).toContainText('Cancelada');
  await adminContext.close();
});
