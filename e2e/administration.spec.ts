import { expect, test } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

test('un administrador renombra una cuenta y el diálogo de pago la ofrece con el nombre nuevo; agrega un día festivo', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Administracion', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Administración' })).toBeVisible();
  await page.getByRole('tab', { name: 'Cuentas' }).click();
  await expect(page).toHaveURL(/tab=cuentas/);

  // Bad input first: a Spanish message, nothing saved.
  await page.getByRole('button', { name: 'Editar Oficina Pachuca' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar cuenta 3' });
  await dialog.getByLabel('Nombre').fill('');
  await dialog.getByLabel('Orden').fill('mil');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Escribe el nombre de la cuenta')).toBeVisible();
  await expect(dialog.getByText('El orden debe ser un número entero')).toBeVisible();

  await dialog.getByLabel('Nombre').fill('Caja Pachuca Centro');
  await dialog.getByLabel('Orden').fill('0');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cuenta Caja Pachuca Centro guardada')).toBeVisible();
  const list = page.getByRole('list', { name: 'Cuentas' });
  await expect(list.getByRole('listitem').first()).toContainText('Caja Pachuca Centro');

  // The payment dialog offers the account with its new name, first.
  await page.goto('/dashboard/clientes');
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\?id=\d+/);
  await page.getByRole('button', { name: 'Pago', exact: true }).click();
  const payment = page.getByRole('dialog', { name: /Registrar pago/ });
  await payment.getByLabel('Lugar de pago').click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toHaveText('Caja Pachuca Centro');
  await expect(page.getByRole('option', { name: 'Oficina Pachuca', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await payment.getByRole('button', { name: 'Cancelar' }).click();

  // A holiday of the business's own: added, saved, still there after a reload.
  await page.goto('/dashboard/administracion?tab=calendario');
  const add = page.getByRole('form', { name: 'Agregar día festivo' });
  await add.getByRole('button', { name: 'Agregar' }).click();
  await expect(add.getByText('La fecha del día festivo no es válida (AAAA-MM-DD)')).toBeVisible();
  await add.getByLabel('Fecha').fill('2026-12-24');
  await add.getByLabel('Nombre del día festivo').fill('Nochebuena');
  await add.getByRole('button', { name: 'Agregar' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Días hábiles y festivos guardados')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Días festivos propios' })).toContainText('Nochebuena');
});
