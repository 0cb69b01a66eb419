import { expect, test } from '@playwright/test';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

test('un aviso enviado desde un navegador llega a la campana de otro', async ({ browser, request }) => {
  const adminContext = await browser.newContext();
  const cashierContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const cashier = await cashierContext.newPage();
    await signInAs(admin, await demoUserAt(request, 20));
    await signInAs(cashier, await demoUserAt(request, 16));
    await expectHubConnected(admin);
    await expectHubConnected(cashier);

    const text = `Se cayó el enlace de Huitzila ${Date.now()}`;
    await cashier.getByRole('button', { name: /^Notificaciones/ }).click();
    await cashier.getByLabel('Texto del aviso').fill(text);
    await cashier.getByRole('button', { name: 'Enviar aviso' }).click();

    // The admin sees it live: a toast, and in the bell with an unread badge.
    await expect(admin.getByText(text).first()).toBeVisible();
    await expect(admin.getByTestId('notification-badge')).toContainText(/\d|9\+/);
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: /^Notificaciones/ }).click();
    await expect(admin.getByRole('list', { name: 'Lista de notificaciones' }).getByText(text)).toBeVisible();
  } finally {
    await adminContext.close();
    await cashierContext.close();
  }
});

test('el punto de conexión pasa a rojo sin servidor de notificaciones y avisarlo falla con un mensaje', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  await expectHubConnected(page);
  // The dashboard's code is loaded on demand: let it arrive before the connection goes.
  await expect(page.getByRole('heading', { name: 'Efectivo Tizayuca' })).toBeVisible();
  // So is the bell's notice form, fetched when the browser is idle after the shell shows (up to 5 s later on a busy
  // machine): wait for that prefetch to have arrived (a resource entry is added when its download ends), and for the
  // chunks it imports.
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((e) => e.name.includes('send-notice-form')),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');
  await page.route('**/notificationHub/**', (route) => route.abort());
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.context().setOffline(true);
  await expect(page.getByLabel('Sin conexión a notificaciones')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Notificaciones/ }).click();
  await page.getByLabel('Texto del aviso').fill('Prueba sin conexión');
  await page.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(page.getByText('No hay conexión con el servidor de notificaciones').first()).toBeVisible();
  await page.context().setOffline(false);
});
