import { expect, test, type Locator } from '@playwright/test';
import { demoUserAt, sidebarTitles, signInAs } from './fixtures';

// The demo's fake routers accept this user and password (apps/server/src/demo/routers.ts).
const DEMO_ROUTER_USER = 'airlink';
const DEMO_ROUTER_PASSWORD = 'airlink-demo';

/** The port of a router's row: its 'Dirección' column reads 'host:port', with ' (TLS)' when it uses TLS. */
async function portOf(row: Locator): Promise<string> {
  const address = (await row.locator('[data-field="host"]').innerText()).trim();
  const port = /:(\d+)(?: \(TLS\))?$/.exec(address)?.[1];
  expect(port, `the port in '${address}'`).toMatch(/^\d+$/);
  return port!;
}

test('el administrador agrega un site y un router, prueba la conexión y ve su identidad', async ({ page, request }) => {
  const admin = await demoUserAt(request, 20);
  await signInAs(page, admin);
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  const stamp = Date.now().toString(36);
  const siteName = `Torre E2E ${stamp}`;

  await nav.getByRole('link', { name: 'Sites', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/sites$/);
  await page.getByRole('button', { name: 'Agregar site' }).click();
  const siteDialog = page.getByRole('dialog', { name: 'Agregar site' });
  await siteDialog.getByLabel('Nombre').fill(siteName);
  await siteDialog.getByLabel('URL').fill('https://torre-e2e.airlink.test');
  await siteDialog.getByLabel('Usuario').fill('ubnt');
  await siteDialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Site agregado')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Sites' }).getByRole('row').filter({ hasText: siteName })).toHaveCount(1);

  // The new router points at the port of a demo router's fake RouterOS: the probe reaches a real listener.
  await nav.getByRole('link', { name: 'Routers', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/routers$/);
  const table = page.getByRole('grid', { name: 'Routers' });
  const demoRow = table.getByRole('row').filter({ hasText: 'RB-Tizayuca-Core' });
  await expect(demoRow).toHaveCount(1);
  const port = await portOf(demoRow);

  const routerName = `RB-E2E-${stamp}`;
  await page.getByRole('button', { name: 'Agregar router' }).click();
  const routerDialog = page.getByRole('dialog', { name: 'Agregar router' });
  await routerDialog.getByLabel('Host').fill('127.0.0.1');
  await routerDialog.getByLabel('Puerto').fill(port);
  await routerDialog.getByLabel('Usuario').fill(DEMO_ROUTER_USER);
  await routerDialog.getByLabel('Contraseña').fill(DEMO_ROUTER_PASSWORD);
  await routerDialog.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: siteName }).click();
  await routerDialog.getByLabel('Nombre', { exact: true }).fill(routerName);
  await routerDialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Router agregado')).toBeVisible();

  const row = table.getByRole('row').filter({ hasText: routerName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(siteName);
  await row
    .getByRole('button', { name: 'Probar conexión' })
    .or(row.getByRole('menuitem', { name: 'Probar conexión' }))
    .click();
  const probe = page.getByRole('dialog', { name: `Probar conexión con ${routerName}` });
  await expect(probe.getByText('Conexión correcta')).toBeVisible({ timeout: 15_000 });
  // The fake answers with the identity of the demo router whose port this is.
  await expect(probe).toContainText('RB-Tizayuca-Core');
  await expect(probe).toContainText('Versión');
  await probe.getByRole('button', { name: 'Cerrar' }).click();

  // Another port (that of another demo router, which would take the same password) asks for the password again:
  // the stored one is never sent to a new address.
  const otherPort = await portOf(table.getByRole('row').filter({ hasText: 'RB-Pachuca-Core' }));
  expect(otherPort).not.toBe(port);
  await row
    .getByRole('button', { name: 'Editar' })
    .or(row.getByRole('menuitem', { name: 'Editar' }))
    .click();
  const moving = page.getByRole('dialog', { name: `Editar router ${routerName}` });
  await moving.getByLabel('Puerto').fill(otherPort);
  await expect(moving.getByText(/^Cambió la dirección: escribe de nuevo la contraseña/)).toBeVisible();
  await moving.getByRole('button', { name: 'Guardar' }).click();
  await expect(moving.getByText('Cambió la dirección: escribe de nuevo la contraseña', { exact: true })).toBeVisible();
  await moving.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row.locator('[data-field="host"]')).toHaveText(`127.0.0.1:${port}`);

  // A wrong password is never shown as a success.
  await row
    .getByRole('button', { name: 'Editar' })
    .or(row.getByRole('menuitem', { name: 'Editar' }))
    .click();
  const edit = page.getByRole('dialog', { name: `Editar router ${routerName}` });
  await edit.getByLabel('Contraseña').fill('equivocada');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Router guardado')).toBeVisible();
  await row
    .getByRole('button', { name: 'Probar conexión' })
    .or(row.getByRole('menuitem', { name: 'Probar conexión' }))
    .click();
  await expect(probe.getByText('Sin conexión')).toBeVisible({ timeout: 15_000 });
  await expect(probe.getByText('Conexión correcta')).toHaveCount(0);
});

test('el técnico (nivel 10) ve Dispositivos pero no Sites ni Routers', async ({ page, request }) => {
  const tecnico = await demoUserAt(request, 10);
  await signInAs(page, tecnico);
  const titles = await sidebarTitles(page);
  expect(titles).toContain('Dispositivos');
  expect(titles).not.toContain('Sites');
  expect(titles).not.toContain('Routers');

  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Dispositivos', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/devices$/);
  const table = page.getByRole('grid', { name: 'Dispositivos' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar dispositivo' })).toHaveCount(0);
  await expect(page.getByText(/\d+ dispositivos/)).toBeVisible();

  // The level guard keeps the admin pages away even by address.
  await page.goto('/dashboard/routers');
  await expect(page.getByRole('heading', { name: 'Routers' })).toHaveCount(0);
});
