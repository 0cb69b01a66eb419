import { expect, test, type Page } from '@playwright/test';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

/** Grid headers and cells, buttons and tabs: what a page shows in full. */
const WHOLE_TEXTS = '.MuiDataGrid-columnHeaderTitle, .MuiDataGrid-cell, button, .MuiTab-root';

/** Texts on screen cut short: elements matching `selector` whose content is wider than their box. */
function truncated(page: Page, selector = WHOLE_TEXTS): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.innerText.trim())
        .filter(Boolean),
    selector,
  );
}

test.describe('lo que un usuario nuevo encontró (issue 22)', () => {
  test('Tareas y la pestaña Pagos del cliente caben enteras a 1366 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAs(page, await demoUserAt(request, 20));
    await page.goto('/dashboard/tareas');
    await expect(page.getByRole('button', { name: 'Ejecutar ahora' }).first()).toBeVisible();
    await expect(page.getByText('Recordatorios de pago por WhatsApp')).toBeVisible();
    expect(await truncated(page)).toEqual([]);

    await page.goto('/dashboard/profile?id=1');
    const grid = page.getByRole('grid', { name: 'Pagos del cliente' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    expect(await truncated(page)).toEqual([]);
  });

  test('los encabezados y botones de Dispositivos y Routers caben enteros a 1366 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAs(page, await demoUserAt(request, 20));
    for (const [path, name] of [
      ['/dashboard/devices', 'Dispositivos'],
      ['/dashboard/routers', 'Routers'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByRole('grid', { name }).getByRole('row').nth(1)).toBeVisible();
      // Headers and buttons in full; a long MAC or site name may end in '…' within its cell.
      expect(await truncated(page, '.MuiDataGrid-columnHeaderTitle, button'), name).toEqual([]);
    }
  });

  test('un panel abierto en otra pestaña se actualiza solo cuando alguien corta y reconecta el servicio', async ({
    browser,
    request,
  }) => {
    const admin = await demoUserAt(request, 20);
    const a = await (await browser.newContext()).newPage();
    const b = await (await browser.newContext()).newPage();
    await signInAs(a, admin);
    await signInAs(b, admin);
    await a.goto('/dashboard/profile?id=2');
    await b.goto('/dashboard/profile?id=2');
    await expectHubConnected(a);
    // Demo customer 2 is cut for lateness.
    await expect(a.getByRole('button', { name: 'Reconectar Servicio' })).toBeVisible();

    // B reconnects; A, untouched, follows (router state and flags from one fresh contract).
    await b.getByRole('button', { name: 'Reconectar Servicio' }).click();
    await b.getByRole('dialog', { name: 'Reconectar Servicio' }).getByRole('button', { name: 'Reconectar' }).click();
    await expect(b.getByRole('button', { name: 'Cortar Servicio' })).toBeVisible();
    await expect(a.getByRole('button', { name: 'Cortar Servicio' })).toBeVisible();
    await expect(a.getByText('Activo en el router')).toBeVisible();
    await expect(a.getByText('Suspendido')).toHaveCount(0);

    // B cuts it again; A follows again.
    await b.getByRole('button', { name: 'Cortar Servicio' }).click();
    await b.getByRole('dialog', { name: 'Cortar Servicio' }).getByRole('button', { name: 'Cortar servicio' }).click();
    await expect(a.getByRole('button', { name: 'Reconectar Servicio' })).toBeVisible();
    await expect(a.getByText('Cortado en el router')).toBeVisible();
  });
});
