import { expect, test, type Page } from '@playwright/test';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

async function chooseLevel(page: Page, level: number) {
  await page.getByRole('dialog').getByRole('combobox', { name: /Nivel/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${level}\\b`) }).click();
}

test('un administrador agrega un usuario, cambia su nivel y lo desactiva; su sesión termina al instante', async ({
  browser,
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Usuarios', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/usuarios$/);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();

  // Bad input first: Spanish messages, nothing sent.
  await page.getByRole('button', { name: 'Agregar usuario' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Correo').fill('no-es-correo');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog.getByText('Correo inválido')).toBeVisible();
  await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();

  const email = `nuevo.cajero.${Date.now()}@airlink.mx`;
  await dialog.getByLabel('Correo').fill(email);
  await dialog.getByLabel('Nombre').fill('Nuevo');
  await dialog.getByLabel('Apellidos').fill('Cajero Prueba');
  await chooseLevel(page, 16);
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Usuario agregado')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('16');
  await expect(row).toContainText('Activo');

  // The same email again is refused on the email field.
  await page.getByRole('button', { name: 'Agregar usuario' }).click();
  await dialog.getByLabel('Correo').fill(email);
  await dialog.getByLabel('Nombre').fill('Otra vez');
  await chooseLevel(page, 5);
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog.getByText(/Ya existe un usuario con el correo/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The new user signs in elsewhere and sees a cashier's menu.
  const other = await browser.newContext();
  try {
    const theirs = await other.newPage();
    await signInAs(theirs, { email, nombre: 'Nuevo Cajero Prueba', idPerfilUsuario: 16 });
    await expect(
      theirs.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Gastos' }),
    ).toBeVisible();
    await expectHubConnected(theirs);

    // Raise to 17.
    await row
      .getByRole('menuitem', { name: 'Cambiar nivel' })
      .or(row.getByRole('button', { name: 'Cambiar nivel' }))
      .click();
    await chooseLevel(page, 17);
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    // The change is confirmed first.
    const confirm = page.getByRole('dialog', { name: 'Confirmar cambio de nivel' });
    await expect(confirm).toContainText('de 16 a 17');
    await confirm.getByRole('button', { name: 'Cambiar nivel' }).click();
    await expect(page.getByText('Nivel actualizado')).toBeVisible();
    await expect(row).toContainText('17');

    // Deactivate: their open browser is signed out at once.
    await row
      .getByRole('menuitem', { name: 'Desactivar' })
      .or(row.getByRole('button', { name: 'Desactivar' }))
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('Usuario desactivado')).toBeVisible();
    await expect(row).toContainText('Inactivo');
    await expect(theirs).toHaveURL(/\/logedout/);
    await expect(theirs.getByText('Tu usuario fue desactivado por un administrador.')).toBeVisible();
  } finally {
    await other.close();
  }
});

test('el administrador no puede desactivarse a sí mismo desde la tabla', async ({ page, request }) => {
  const admin = await demoUserAt(request, 20);
  await signInAs(page, admin);
  await page.goto('/dashboard/usuarios');
  const own = page.getByRole('row', { name: new RegExp(admin.email.replace(/\./g, '\\.')) });
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: 'Desactivar' })).toHaveCount(0);
  await expect(own.getByRole('menuitem', { name: 'Desactivar' })).toHaveCount(0);
});
