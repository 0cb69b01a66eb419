import { expect, test, type Page } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** Clicks the 11:00 slot of the Tuesday of the week shown in the visit calendar. */
async function pickTuesdayAtEleven(page: Page) {
  const calendar = page.getByRole('dialog', { name: /Agendar visita/ });
  const tuesday = calendar.locator('.fc-timegrid-col[data-date]').nth(1);
  const slot = calendar.locator('.fc-timegrid-slot-lane[data-time="11:00:00"]');
  await expect(tuesday).toBeVisible();
  const col = (await tuesday.boundingBox())!;
  const row = (await slot.boundingBox())!;
  await page.mouse.click(col.x + col.width / 2, row.y + row.height / 2);
}

test('un administrador da de alta un cliente, lo encuentra con el teclado y atiende todo su día desde el panel', async ({
  page,
  request,
  context,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const nombre = `Ñandú Prueba${stamp} Hernández`;
  await signInAs(page, await demoUserAt(request, 20));

  // Create the customer from Clientes; bad input first: Spanish messages and nothing lost.
  await menu(page).getByRole('link', { name: 'Clientes', exact: true }).click();
  await page.getByRole('button', { name: 'Crear Nuevo Cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Crear Nuevo Cliente' });
  await form.getByLabel('Nombre completo').fill(nombre);
  await form.getByLabel('Teléfono').fill('12345');
  await form.getByRole('button', { name: 'Crear cliente' }).click();
  await expect(form.getByText('El teléfono debe tener 10 dígitos')).toBeVisible();
  await expect(form.getByText('La calle es obligatoria')).toBeVisible();
  await expect(form.getByLabel('Nombre completo')).toHaveValue(nombre);

  await form.getByLabel('Teléfono').fill('779 555 0101');
  await form.getByLabel(/^Calle/).fill('Av. Hidalgo');
  await form.getByLabel('Número').fill('12');
  await form.getByLabel('Colonia').fill('Centro');
  await form.getByLabel('Comunidad').fill('Tizayuca');
  await form.getByRole('combobox', { name: 'Tipo de servicio' }).click();
  await page.getByRole('option', { name: /Oficina hasta 6 Mbps/ }).click();
  await expect(form.getByLabel('Mensualidad')).toHaveValue(/500/);
  await expect(form.getByLabel('Costo de instalación')).toHaveValue(/1,?500/);
  await form.getByRole('button', { name: 'Crear cliente' }).click();
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/profile\?id=\d+/);
  const panelUrl = page.url();

  // The navbar search finds them by any words, without accents or case; keyboard only.
  await menu(page).getByRole('link', { name: 'Dashboard' }).click();
  const search = page.getByRole('combobox', { name: 'Buscar cliente' });
  await search.fill(`nandu prueba${stamp}`);
  const results = page.getByRole('listbox', { name: 'Clientes encontrados' });
  await expect(results.getByRole('option')).toHaveCount(1);
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(panelUrl);
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();

  // A log entry: HTML is shown as text, never run.
  await page.getByRole('button', { name: 'Registro', exact: true }).click();
  const logDialog = page.getByRole('dialog', { name: 'Nuevo registro' });
  await logDialog.getByLabel(/Registro de/).fill('Llamó para pedir <b>factura</b>');
  await logDialog.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('tab', { name: 'Registro' }).click();
  await expect(page.getByText('Llamó para pedir <b>factura</b>')).toBeVisible();

  // A support ticket.
  await page.getByRole('button', { name: 'Soporte', exact: true }).click();
  const ticket = page.getByRole('dialog', { name: 'Nuevo ticket de soporte' });
  await ticket.getByLabel('Título').fill(`Sin señal ${stamp}`);
  await ticket.getByLabel('Observaciones').fill('La antena se movió con el viento');
  await ticket.getByRole('button', { name: 'Registrar ticket' }).click();
  await page.getByRole('tab', { name: 'Soporte' }).click();
  await expect(page.getByText(`Sin señal ${stamp}`, { exact: true })).toBeVisible();

  // A visit: next week, Tuesday 11:00.
  await page.getByRole('button', { name: 'Visita', exact: true }).click();
  const visit = page.getByRole('dialog', { name: /Agendar visita/ });
  await visit.getByRole('button', { name: 'Semana siguiente' }).click();
  await pickTuesdayAtEleven(page);
  await visit.getByLabel('Acción a realizar').fill('Reorientar antena');
  await visit.getByLabel('Título').fill(`Visita ${stamp}`);
  await visit.getByRole('button', { name: 'Agendar visita' }).click();
  await expect(visit).toBeHidden();
  await page.getByRole('tab', { name: 'Visitas' }).click();
  await expect(page.getByText(`Visita ${stamp}`, { exact: true })).toBeVisible();

  // Authorize: the contract number appears and the button goes away.
  await page.getByRole('button', { name: 'Autorizar Contrato' }).click();
  await page.getByRole('dialog', { name: 'Autorizar Contrato' }).getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText('El contrato ha sido autorizado correctamente')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Autorizar Contrato' })).toHaveCount(0);

  // Cut and reconnect.
  await page.getByRole('button', { name: 'Cortar Servicio' }).click();
  await page.getByRole('dialog', { name: 'Cortar Servicio' }).getByRole('button', { name: 'Cortar servicio' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Suspendido' })).toBeVisible();
  await page.getByRole('button', { name: 'Reconectar Servicio' }).click();
  await page.getByRole('dialog', { name: 'Reconectar Servicio' }).getByRole('button', { name: 'Reconectar' }).click();
  await expect(page.getByRole('button', { name: 'Cortar Servicio' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Suspendido' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Registro' }).click();
  await expect(page.getByRole('cell', { name: 'Servicio reconectado.' })).toBeVisible();

  // The contract print opens in a new tab with the terms.
  const [print] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Imprimir' }).click(),
  ]);
  await expect(print.getByText(nombre).first()).toBeVisible();
  await expect(print.getByText(/48 horas/).first()).toBeVisible();
  await expect(print.getByText(/plazo mínimo forzoso de seis/).first()).toBeVisible();
  await expect(print.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);
});

test('nivel 5 no ve Pago, Editar ni Imprimir, y el servidor le responde 403 si lo intenta', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 5));
  await expect(page).toHaveURL(/\/dashboard\/clientes/);
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\?id=\d+/);
  const actions = page.getByRole('toolbar', { name: 'Acciones del cliente' });
  await expect(actions.getByRole('button', { name: 'Registro', exact: true })).toBeVisible();
  for (const name of [
    'Pago',
    'Editar',
    'Cortar Servicio',
    'Reconectar Servicio',
    'Cancelar Contrato',
    'Autorizar Contrato',
  ]) {
    await expect(actions.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(actions.getByRole('link', { name: 'Imprimir' })).toHaveCount(0);

  const id = new URL(page.url()).searchParams.get('id');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const edit = await request.put(`/api/contratos/${id}`, { headers, data: { nombre: 'Intento' } });
  expect(edit.status()).toBe(403);
  const cut = await request.post(`/api/contratos/${id}/cortar`, { headers, data: {} });
  expect(cut.status()).toBe(403);
  expect((await cut.json()).message).toMatch(/permiso/);
  const print = await page.goto(`/print/contract/${id}`);
  expect(print?.ok()).toBe(true);
  await expect(page.getByText('Sin acceso')).toBeVisible();
});
