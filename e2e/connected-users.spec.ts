import { expect, test } from '@playwright/test';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

test('el administrador ve en vivo a quién está conectado y cierra una conexión', async ({ browser, page, request }) => {
  const admin = await demoUserAt(request, 20);
  const tecnico = await demoUserAt(request, 10);
  await signInAs(page, admin);
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Usuarios Conectados', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/usuarios-conectados$/);
  await expect(page.getByRole('heading', { name: 'Usuarios Conectados' })).toBeVisible();
  await expectHubConnected(page);

  // The admin's own connection is there, marked and not offered for disconnection.
  const table = page.getByRole('grid', { name: 'Usuarios conectados' });
  const own = table.getByRole('row').filter({ hasText: admin.nombre }).filter({ hasText: 'Tú' });
  await expect(own).toHaveCount(1);
  await expect(
    own.getByRole('menuitem', { name: 'Desconectar' }).or(own.getByRole('button', { name: 'Desconectar' })),
  ).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Conectados' })).toContainText(/\d/);

  const other = await browser.newContext();
  try {
    const theirs = await other.newPage();
    await signInAs(theirs, tecnico);
    await expectHubConnected(theirs);
    await theirs
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Agenda', exact: true })
      .click();
    await expect(theirs).toHaveURL(/\/dashboard\/agenda$/);

    // Live: no 'Actualizar' click on the admin's side. Earlier tests may have left connections of the
    // same person closing, so the row is told apart by this browser's computer label.
    const theirComputer = await theirs.evaluate(() => localStorage.getItem('computerName'));
    expect(theirComputer).toBeTruthy();
    const row = table.getByRole('row').filter({ hasText: tecnico.nombre }).filter({ hasText: theirComputer! });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('/dashboard/agenda');
    await expect(row).not.toContainText('Tú');

    await row
      .getByRole('menuitem', { name: 'Desconectar' })
      .or(row.getByRole('button', { name: 'Desconectar' }))
      .click();
    const dialog = page.getByRole('dialog', { name: `¿Desconectar a ${tecnico.nombre}?` });
    await expect(dialog).toContainText('Se cerrará esa conexión; la persona deberá volver a entrar.');
    await dialog.getByRole('button', { name: 'Desconectar' }).click();
    await expect(page.getByText('Conexión cerrada')).toBeVisible();
    await expect(row).toHaveCount(0);

    await expect(theirs).toHaveURL(/\/logedout\?error=/);
    await expect(theirs.getByText('Un administrador cerró esta conexión.')).toBeVisible();
    // The admin is still signed in and on the page.
    await expect(page).toHaveURL(/\/dashboard\/usuarios-conectados$/);
    await expect(own).toHaveCount(1);
  } finally {
    await other.close();
  }
});
