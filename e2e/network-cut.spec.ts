import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

interface ContractAnswer {
  id: number;
  nombre: string;
  activo: boolean;
  cortado: boolean;
  idRouter: number | null;
  ipCliente: string;
  estadoRed: 'aplicado' | 'pendiente' | 'error' | null;
  estadoRedMensaje: string | null;
}

async function apiGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

/** The server's contract, asked until the router's result is stored (never a fixed wait). */
async function contractWhenSettled(page: Page, request: APIRequestContext, id: number): Promise<ContractAnswer> {
  let last: ContractAnswer | undefined;
  await expect
    .poll(
      async () => {
        last = await apiGet<ContractAnswer>(page, request, `/api/contratos/${id}`);
        return last.estadoRed;
      },
      { timeout: 20_000 },
    )
    .not.toBe('pendiente');
  return last!;
}

test('un supervisor corta a un cliente en el router y un cajero lo reconecta con el pago', async ({
  browser,
  page,
  request,
}) => {
  // A level-17 user (support supervisor) finds an active, paying customer served by a router.
  await signInAs(page, await demoUserAt(request, 17));
  const list = await apiGet<{ items: Array<{ id: number }> }>(
    page,
    request,
    '/api/customer?estado=activos&pageSize=30&sort=id&dir=asc',
  );
  let contract: ContractAnswer | undefined;
  for (const item of list.items) {
    const c = await apiGet<ContractAnswer>(page, request, `/api/contratos/${item.id}`);
    if (c.activo && !c.cortado && c.idRouter !== null && c.ipCliente !== '') {
      contract = c;
      break;
    }
  }
  expect(contract, 'a demo contract with a router').toBeDefined();
  const id = contract!.id;

  await page.goto(`/dashboard/profile?id=${id}`);
  await expect(page.getByRole('heading', { name: contract!.nombre })).toBeVisible();
  await expectHubConnected(page);
  await page.getByRole('button', { name: 'Cortar Servicio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cortar Servicio' });
  await dialog.getByLabel('Nota (opcional)').fill('Prueba e2e: corte en el router');
  await dialog.getByRole('button', { name: 'Cortar servicio' }).click();
  await expect(dialog).toBeHidden();

  // What the server stored is what the panel shows: the fake router applied the cut.
  const cut = await contractWhenSettled(page, request, id);
  expect(cut.cortado).toBe(true);
  expect(cut.estadoRed, cut.estadoRedMensaje ?? '').toBe('aplicado');
  await expect(page.getByRole('status').filter({ hasText: 'Cortado en el router' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Suspendido' })).toBeVisible();

  // A cashier (16) registers the reconnection payment.
  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  await signInAs(cashier, await demoUserAt(request, 16));
  await cashier.goto(`/dashboard/profile?id=${id}`);
  await expect(cashier.getByRole('heading', { name: contract!.nombre })).toBeVisible();
  await cashier.getByRole('button', { name: 'Pago', exact: true }).click();
  const pay = cashier.getByRole('dialog', { name: /Registrar pago/ });
  await expect(pay.getByLabel('Reconexión (+$30)')).toBeChecked();
  const [receipt] = await Promise.all([
    cashier.context().waitForEvent('page'),
    pay.getByRole('button', { name: 'Registrar pago' }).click(),
  ]);
  await expect(receipt).toHaveURL(/\/print\/receipt\//);

  // The router reconnects the customer: the server says so, and both panels show the service back.
  const back = await contractWhenSettled(cashier, request, id);
  expect(back.cortado).toBe(false);
  expect(back.estadoRed, back.estadoRedMensaje ?? '').toBe('aplicado');
  await expect(cashier.getByRole('status').filter({ hasText: 'Activo en el router' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Activo en el router' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Suspendido' })).toHaveCount(0);
  await cashierContext.close();
});
