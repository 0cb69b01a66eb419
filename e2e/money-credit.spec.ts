import { addMonths, formatMoney, type Contract } from '@airlink/domain';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

async function contractOf(page: Page, request: APIRequestContext, id: number): Promise<Contract> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get(`/api/contratos/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Contract;
}

/** dd/mm/aaaa of an ISO date, as the app prints calendar dates. */
const dayText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Opens the payment dialog with neither reconnection nor invoice, the amount typed and marked Abono. */
async function payAbono(page: Page, amount: number) {
  await page.getByRole('button', { name: 'Pago', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Registrar pago/ });
  for (const name of ['Reconexión (+$30)', 'Factura (+16 % IVA)']) await dialog.getByLabel(name).uncheck();
  await dialog.getByLabel('Monto').fill(String(amount));
  return dialog;
}

test('un cajero registra un abono menor a la mensualidad y luego otro que completa el mes', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 16));
  await page.goto('/dashboard/clientes?estado=activos');
  await page.getByRole('grid').getByRole('row').nth(2).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const before = await contractOf(page, request, id);
  await expect(page.getByRole('heading', { name: before.nombre })).toBeVisible();

  // 1. $100: below the month, refused until it is marked Abono.
  let dialog = await payAbono(page, 100);
  const summary = dialog.getByRole('status', { name: 'Resumen del cobro' });
  await expect(summary).toContainText(`El monto no cubre una mensualidad (${formatMoney(before.monto)})`);
  await dialog.getByLabel('Abono (pago parcial)').check();
  const credit = before.saldoAFavor + 100;
  await expect(summary).toContainText('Meses que cubre0 meses');
  await expect(summary).toContainText(`Saldo a favor que queda${formatMoney(credit)}`);
  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Registrar pago' }).click(),
  ]);
  const doc = receipt.getByRole('article', { name: 'Recibo' });
  await expect(doc.getByLabel('Monto')).toHaveText(formatMoney(100));
  await expect(doc.getByLabel('Abono: sí')).toBeVisible();
  await expect(doc).toContainText(`Sin periodo: abono a cuenta (pagado hasta el ${dayText(before.fechaFin)})`);
  await expect(doc).toContainText(`Saldo a favor${formatMoney(credit)}`);
  await receipt.screenshot({ path: '/tmp/shots/receipt-abono.png', fullPage: true }).catch(() => undefined);
  await receipt.close();

  // Paid-until did not move; the panel shows the credit.
  const afterFirst = await contractOf(page, request, id);
  expect(afterFirst).toMatchObject({ fechaFin: before.fechaFin, saldoAFavor: credit });
  await expect(page.getByText('Saldo a favor', { exact: true })).toBeVisible();

  // 2. The rest of the month and $50 more: one month, $50 of credit left.
  const second = before.monto - credit + 50;
  dialog = await payAbono(page, second);
  await dialog.getByLabel('Abono (pago parcial)').check();
  await expect(dialog.getByRole('status', { name: 'Resumen del cobro' })).toContainText('Meses que cubre1 mes');
  await expect(dialog.getByRole('status', { name: 'Resumen del cobro' })).toContainText(
    `Saldo a favor que queda${formatMoney(50)}`,
  );
  await dialog.screenshot({ path: '/tmp/shots/dialog-abono-e2e.png' }).catch(() => undefined);
  const [receipt2] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Registrar pago' }).click(),
  ]);
  const doc2 = receipt2.getByRole('article', { name: 'Recibo' });
  await expect(doc2.getByLabel('Abono: sí')).toBeVisible();
  const expectedEnd = new Date(Date.parse(`${addMonths(dayAfter(before.fechaFin), 1)}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  await expect(doc2).toContainText(`del ${dayText(dayAfter(before.fechaFin))} al ${dayText(expectedEnd)}`);
  await expect(doc2).toContainText(`Saldo a favor${formatMoney(50)}`);
  await receipt2.close();

  const afterSecond = await contractOf(page, request, id);
  expect(afterSecond).toMatchObject({ fechaFin: expectedEnd, saldoAFavor: 50 });
});
