import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

interface RouterAnswer {
  id: number;
  hostname: string;
  host: string;
  port: number;
  activo: boolean;
  modoAprovisionamiento: 'pppoe' | 'cola' | 'ninguno';
  [field: string]: unknown;
}

interface ContractAnswer {
  id: number;
  nombre: string;
  no: number;
  estadoRed: 'aplicado' | 'pendiente' | 'error' | null;
  estadoRedMensaje: string | null;
}

async function authHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}` };
}

async function apiGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: await authHeaders(page) });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

// The demo's fake routers accept this user and password (apps/server/src/demo/routers.ts).
const DEMO_ROUTER_USER = 'airlink';
const DEMO_ROUTER_PASSWORD = 'airlink-demo';
/** The demo router whose fake RouterOS the spec's own routers talk to: it provisions nothing itself ('ninguno'). */
const QUIET_DEMO_ROUTER = 'RB-Zempoala';

/**
 * A router of the spec's own (a unique name, no contract but the spec's), pointing at the loopback fake RouterOS of
 * a demo router with the demo's credentials. Other specs add routers with wrong passwords, cut demo contracts or
 * turn demo routers to another mode: none of that reaches a router created here, so the journey does not depend
 * on which specs ran before it.
 */
async function ownRouter(
  page: Page,
  request: APIRequestContext,
  mode: RouterAnswer['modoAprovisionamiento'],
): Promise<RouterAnswer> {
  const routers = await apiGet<RouterAnswer[]>(page, request, '/api/MikrotikRouters');
  const demo = routers.find((r) => r.hostname === QUIET_DEMO_ROUTER && r.host === '127.0.0.1');
  expect(demo, `the demo router ${QUIET_DEMO_ROUTER} on loopback`).toBeDefined();
  const res = await request.post('/api/MikrotikRouters', {
    headers: await authHeaders(page),
    data: {
      host: '127.0.0.1',
      port: demo!.port,
      username: DEMO_ROUTER_USER,
      password: DEMO_ROUTER_PASSWORD,
      hostname: `RB-E2E-Planes-${Date.now().toString(36)}`,
      modoAprovisionamiento: mode,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as RouterAnswer;
}

/** A new customer on that router with a PPPoE user of its own, created through the API (not what is tested). */
async function newContractOnRouter(page: Page, request: APIRequestContext, routerId: number, user: string) {
  const res = await request.post('/api/contratos', {
    headers: await authHeaders(page),
    data: {
      nombre: `Prueba Planes ${user}`,
      calle: 'Morelos',
      numero: '5',
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      estado: 'Hidalgo',
      cp: '43800',
      // A number of this journey alone (apps/server/test/e2e-phones.test.ts): the WhatsApp journey receives from
      // 771 555 0101, and a customer with that phone would title its conversation.
      telefono: '7715550301',
      tipo: 1,
      monto: 300,
      costoInstalacion: 1300,
      fechaContratacion: new Date().toISOString().slice(0, 10),
      idRouter: routerId,
      usuarioPppoe: user,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ContractAnswer;
}

/** The server's contract, asked until the router's result is stored (never a fixed wait). */
async function whenSettled(page: Page, request: APIRequestContext, id: number): Promise<ContractAnswer> {
  let last: ContractAnswer | undefined;
  await expect
    .poll(
      async () => {
        last = await apiGet<ContractAnswer>(page, request, `/api/contratos/${id}`);
        return last.estadoRed;
      },
      { timeout: 30_000 },
    )
    .not.toBe('pendiente');
  return last!;
}

/** A row's action: an icon button, or an item of its menu when the grid folds them. */
const rowAction = (row: Locator, name: string) =>
  row.getByRole('button', { name }).or(row.getByRole('menuitem', { name }));

const uniqueUser = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

test('un administrador autoriza un contrato en un router PPPoE y ve el usuario y la velocidad del plan en Inventario', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  const router = await ownRouter(page, request, 'ninguno');
  const routerName = router.hostname;

  // Routers › Editar: the router carries plans as PPPoE profiles.
  await page.goto('/dashboard/routers');
  const row = page.getByRole('row').filter({ hasText: routerName }).first();
  await rowAction(row, 'Editar').click();
  const form = page.getByRole('dialog', { name: `Editar router ${routerName}` });
  await form.getByRole('combobox', { name: 'Modo de aprovisionamiento' }).click();
  await page.getByRole('option', { name: 'PPPoE (perfil por plan)' }).click();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Router guardado')).toBeVisible();

  const user = uniqueUser('e2e-plan');
  const contract = await newContractOnRouter(page, request, router.id, user);

  // The panel's 'Autorizar Contrato'.
  await page.goto(`/dashboard/profile?id=${contract.id}`);
  await expect(page.getByRole('heading', { name: contract.nombre })).toBeVisible();
  await page.getByRole('button', { name: 'Autorizar Contrato' }).click();
  await page.getByRole('dialog', { name: 'Autorizar Contrato' }).getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText('Contrato Autorizado')).toBeVisible();
  const settled = await whenSettled(page, request, contract.id);
  expect(settled.estadoRed, settled.estadoRedMensaje ?? '').toBe('aplicado');

  // Routers › 'Inventario del router': the secret is there, linked, at the plan's speed.
  await page.goto('/dashboard/routers');
  await rowAction(page.getByRole('row').filter({ hasText: routerName }).first(), 'Inventario del router').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/inventario-router\\?id=${router.id}`));
  await expect(page.getByRole('heading', { name: 'Inventario del router' })).toBeVisible();
  await expect(page.getByText(`${routerName} · PPPoE (perfil por plan) · leído`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Vinculados \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(user);
  const secret = page.getByRole('grid', { name: 'Vinculados' }).getByRole('row').filter({ hasText: user });
  await expect(secret).toHaveCount(1);
  await expect(secret).toContainText('PPPoE');
  await expect(secret).toContainText('airlink-1-');
  // Router speed and plan speed, download first: 'Residencial hasta 3 Mbps' is 3 down, 1 up.
  await expect(secret.getByText('3 / 1 Mbps')).toHaveCount(2);
  await expect(secret.getByRole('link', { name: contract.nombre })).toBeVisible();
  // The router's events below say what provisioning did.
  await expect(
    page
      .getByRole('grid', { name: 'Eventos del router' })
      .getByText(new RegExp(`^usuario PPPoE ${user} creado con el perfil airlink-1-`)),
  ).toBeVisible();
});

test("un cajero cambia el plan y 'Velocidad actual' del panel muestra el nuevo límite", async ({
  browser,
  page,
  request,
}) => {
  // Set-up as an administrator, through the API: a PPPoE router and an authorized contract on it.
  await signInAs(page, await demoUserAt(request, 20));
  const router = await ownRouter(page, request, 'pppoe');
  const headers = await authHeaders(page);
  const contract = await newContractOnRouter(page, request, router.id, uniqueUser('e2e-vel'));
  const authorized = await request.get(`/api/contratos/${contract.id}/authorize`, { headers });
  expect(authorized.ok(), await authorized.text()).toBe(true);
  await whenSettled(page, request, contract.id);

  // A cashier (16) opens the panel: the live speed sits beside the plan, with the plan's limit.
  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  await signInAs(cashier, await demoUserAt(request, 16));
  await cashier.goto(`/dashboard/profile?id=${contract.id}`);
  await expect(cashier.getByRole('heading', { name: contract.nombre })).toBeVisible();
  const speed = cashier.getByRole('definition').filter({ has: cashier.getByText(/^Límite /) });
  await expect(speed).toContainText('Límite 3 / 1 Mbps');
  await expect(speed).toContainText(/Sin sesión|↓ .* · ↑ /);

  // 'Editar' → the plan with its speeds → Guardar.
  await cashier.getByRole('button', { name: 'Editar', exact: true }).click();
  const form = cashier.getByRole('dialog', { name: 'Editar datos del contrato' });
  await form.getByRole('combobox', { name: /Tipo de servicio/ }).click();
  await cashier.getByRole('option', { name: /^Oficina hasta 6 Mbps · 6 \/ 2 Mbps/ }).click();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();

  // The router applies the new profile; the panel reads it again by itself.
  const changed = await whenSettled(cashier, request, contract.id);
  expect(changed.estadoRed, changed.estadoRedMensaje ?? '').toBe('aplicado');
  await expect(speed).toContainText('Límite 6 / 2 Mbps');
  await cashierContext.close();
});
