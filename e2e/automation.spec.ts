import { dayOffReason, dayOffText, type BusinessSettings, type CutPreview } from '@airlink/domain';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

interface RunAnswer {
  id: number;
  fecha: string;
  estado: string;
  resultados: Array<{ idContrato: number; nombre: string; resultado: string }>;
}
interface ContractAnswer {
  id: number;
  nombre: string;
  cortado: boolean;
  idRouter: number | null;
  estadoRed: 'aplicado' | 'pendiente' | 'error' | null;
}

async function apiGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

/** Today is no business day: 'Ejecutar cortes ahora' says why, lists nobody and cannot run. */
async function expectDayOff(ask: Locator, today: CutPreview) {
  expect(today.noHabil).toMatch(/^No es día hábil \(/);
  const [y, m, d] = today.hoy.split('-');
  await expect(ask.getByText(`Hoy, ${d}/${m}/${y}: ${today.noHabil}`, { exact: true })).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Ejecutar', exact: true })).toBeDisabled();
  await expect(ask.getByRole('button', { name: /^Cortar/ })).toHaveCount(0);
  await expect(ask.getByRole('list', { name: 'Contratos que se cortarán' })).toHaveCount(0);
}

/** Confirms the share guard when the server asks for it (the demo cuts more than 10 % of its contracts). */
async function confirmShareGuardIfAsked(page: Page, next: ReturnType<Page['getByRole']>) {
  const guard = page.getByRole('dialog', { name: 'Confirmar corte masivo' });
  await expect(guard.or(next).first()).toBeVisible({ timeout: 20_000 });
  if (await guard.isVisible()) {
    await expect(guard.getByText(/Se cortarían \d+ de \d+ contratos activos/)).toBeVisible();
    await guard.getByRole('button', { name: 'Sí, cortar' }).click();
  }
}

test('el administrador revisa la lista de cortes, la aprueba, corta ahora y deshace la ejecución', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Cortes programados', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Cortes programados', level: 1 })).toBeVisible();

  // Tomorrow's list (the next business day) of the demo data: who, how late, how much is owed.
  const preview = await apiGet<CutPreview>(page, request, '/api/cortes-programados/vista-previa');
  expect(preview.contratos.length, 'the demo has contracts past their cut-off date').toBeGreaterThan(0);
  const [y, m, d] = preview.fecha!.split('-');
  await expect(page.getByRole('heading', { name: `Lista del ${d}/${m}/${y}` })).toBeVisible();
  const list = page.getByRole('grid', { name: 'Contratos por cortar' });
  await expect(list.getByText(preview.contratos[0]!.nombre, { exact: true })).toBeVisible();

  // Approve it: the schedule will cut it at its time (the share guard asks first).
  await page.getByRole('button', { name: 'Aprobar' }).click();
  const approve = page.getByRole('dialog', { name: 'Aprobar lista de cortes' });
  await approve.getByRole('button', { name: 'Aprobar' }).click();
  const approvedChip = page.getByRole('region', { name: 'Lista del próximo corte' }).getByText('Aprobada');
  await confirmShareGuardIfAsked(page, approvedChip);
  await expect(approvedChip).toBeVisible();

  // Run today's list now: the dialog names how many it cuts (today's list as the server reads it), or, on a weekend
  // or holiday, says the day is no business day and does not run; the run's results list each contract cut on its
  // router.
  const today = await apiGet<CutPreview>(page, request, `/api/cortes-programados/vista-previa?fecha=${preview.hoy}`);
  await page.getByRole('button', { name: 'Ejecutar ahora' }).click();
  const ask = page.getByRole('dialog', { name: 'Ejecutar cortes ahora' });
  if (!today.diaHabil) {
    await expectDayOff(ask, today);
    return;
  }
  expect(today.contratos.length, "today's list of the demo").toBeGreaterThan(0);
  await expect(ask.getByText(today.contratos[0]!.nombre, { exact: false }).first()).toBeVisible();
  await ask.getByRole('button', { name: `Cortar ${today.contratos.length}`, exact: true }).click();
  const runDialog = page.getByRole('dialog', { name: /^Ejecución del / });
  await confirmShareGuardIfAsked(page, runDialog);
  await expect(runDialog).toBeVisible();
  await expect(runDialog.getByText('Terminada', { exact: true })).toBeVisible();
  await expect(runDialog.getByText('Cortado', { exact: true }).first()).toBeVisible();

  const runs = await apiGet<Array<{ id: number; estado: string }>>(
    page,
    request,
    '/api/cortes-programados/ejecuciones',
  );
  const done = runs.find((r) => r.estado === 'terminada');
  expect(done, 'the run now is recorded').toBeDefined();
  const run = await apiGet<RunAnswer>(page, request, `/api/cortes-programados/ejecuciones/${done!.id}`);
  const cutIds = run.resultados.filter((r) => r.resultado === 'cortado').map((r) => r.idContrato);
  expect(cutIds.length).toBeGreaterThan(0);

  // A customer of that run served by a router: the panel says the router cut it.
  let routed: ContractAnswer | undefined;
  for (const id of cutIds) {
    const c = await apiGet<ContractAnswer>(page, request, `/api/contratos/${id}`);
    expect(c.cortado).toBe(true);
    if (!routed && c.idRouter !== null) routed = c;
  }
  expect(routed, 'a cut contract with a router').toBeDefined();
  expect(routed!.estadoRed).toBe('aplicado');
  await runDialog.getByRole('button', { name: 'Cerrar' }).click();

  const panel = await page.context().newPage();
  await panel.goto(`/dashboard/profile?id=${routed!.id}`);
  await expect(panel.getByRole('heading', { name: routed!.nombre })).toBeVisible();
  await expectHubConnected(panel);
  await expect(panel.getByRole('status').filter({ hasText: 'Cortado en el router' })).toBeVisible();

  // Undo the run from its results: exactly its contracts are reconnected.
  await page
    .getByRole('grid', { name: 'Ejecuciones' })
    .getByRole('gridcell')
    .getByText('Terminada', { exact: true })
    .click();
  await expect(runDialog).toBeVisible();
  await runDialog.getByRole('button', { name: 'Deshacer' }).click();
  await page.getByRole('dialog', { name: 'Deshacer ejecución' }).getByRole('button', { name: 'Deshacer' }).click();
  await expect(runDialog.getByText('Deshecha', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(runDialog.getByText('Reconectado', { exact: true }).first()).toBeVisible();
  await expect(runDialog.getByText('Cortado', { exact: true })).toHaveCount(0);
  for (const id of cutIds) {
    const c = await apiGet<ContractAnswer>(page, request, `/api/contratos/${id}`);
    expect(c.cortado, `contract ${id} reconnected`).toBe(false);
  }
  await expect(panel.getByRole('status').filter({ hasText: 'Activo en el router' })).toBeVisible({ timeout: 20_000 });
});

test("la página de Tareas lista los trabajos y 'Ejecutar ahora' pone una ejecución en cola", async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Tareas', exact: true })
    .click();
  const grid = page.getByRole('grid', { name: 'Tareas programadas' });
  await expect(grid.getByText('Cortes programados', { exact: true })).toBeVisible();
  const row = grid.getByRole('row').filter({ hasText: 'network.rollup' });
  await row.getByRole('button', { name: 'Ejecutar ahora' }).click();
  await expect(page.getByText('Resumen de estadísticas de red: ejecución en cola')).toBeVisible();
});

test("en un día festivo 'Ejecutar ahora' dice que no es día hábil y no deja cortar", async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 20));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const { hoy } = await apiGet<CutPreview>(page, request, '/api/cortes-programados/vista-previa');
  const before = await apiGet<BusinessSettings>(page, request, '/api/configuracion');
  // Today becomes a holiday of the business (whatever day the test runs on, a day off follows).
  const holiday = before.festivos.some((f) => f.fecha === hoy)
    ? before
    : { ...before, festivos: [...before.festivos, { fecha: hoy, nombre: 'Festivo de la prueba E2E' }] };
  const put = await request.put('/api/configuracion', { headers, data: holiday });
  expect(put.ok()).toBe(true);
  try {
    const reason = dayOffReason(hoy, {
      businessWeekdays: holiday.diasHabiles,
      holidays: holiday.festivos.map((f) => f.fecha),
    });
    expect(reason).not.toBeNull();
    const today = await apiGet<CutPreview>(page, request, `/api/cortes-programados/vista-previa?fecha=${hoy}`);
    expect(today).toMatchObject({ diaHabil: false, noHabil: dayOffText(reason!), contratos: [] });

    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Cortes programados', exact: true })
      .click();
    await page.getByRole('button', { name: 'Ejecutar ahora' }).click();
    await expectDayOff(page.getByRole('dialog', { name: 'Ejecutar cortes ahora' }), today);
  } finally {
    const restore = await request.put('/api/configuracion', { headers, data: before });
    expect(restore.ok()).toBe(true);
  }
});
