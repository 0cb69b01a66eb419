import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { landingPathFor } from '@airlink/domain';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

test('sin sesión, cualquier ruta lleva a /login', async ({ page }) => {
  await page.goto('/dashboard/clientes');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/una/ruta/que/no/existe');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Iniciar sesión con Google' })).toBeVisible();
  await expect(page.getByText('Inicia sesión para acceder al sistema')).toBeVisible();
});

test('con sesión, una ruta desconocida lleva al dashboard y /login también', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page.goto('/otra/ruta');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});

test('cerrar sesión pregunta, borra la sesión y lleva a /logedout', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 16));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByText('¿Estás seguro?')).toBeVisible();
  await expect(page.getByText('Estas cerrando sesión')).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /cerrar sesión|confirmar|sí/i })
    .click();
  await expect(page).toHaveURL(/\/logedout/);
  await expect(page.getByText('El usuario no existe en el sistema o no esta logueado')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  // The server ended the session too.
  const res = await request.get('/api/usuarios', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
  await page.getByRole('link', { name: 'Ir a login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('/logedout muestra el error como texto, en rojo', async ({ page }) => {
  await page.goto('/logedout?error=' + encodeURIComponent('<b>El correo x@y.mx no está registrado</b>'));
  const error = page.getByText('<b>El correo x@y.mx no está registrado</b>');
  await expect(error).toBeVisible();
  const color = await error.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = color.match(/\d+/g)!.map(Number);
  expect(r).toBeGreaterThan(150);
  expect(g).toBeLessThan(100);
  expect(b).toBeLessThan(100);
});

/**
 * A one-time code for `email` from the server's own callback, the way a browser gets it: authorize,
 * the demo provider's account chooser, back to /api/auth/callback (the request context keeps its cookie).
 */
async function signInCode(request: APIRequestContext, email: string): Promise<string> {
  const start = await request.get('/api/auth/authorize', { maxRedirects: 0 });
  const chooser = new URL(start.headers().location!);
  chooser.searchParams.set('login_hint', email);
  const atProvider = await request.get(chooser.href, { maxRedirects: 0 });
  const back = await request.get(atProvider.headers().location!, { maxRedirects: 0 });
  const to = new URL(back.headers().location!);
  expect(to.pathname).toBe('/auth/callback');
  expect([...to.searchParams.keys()]).toEqual(['code']);
  return to.searchParams.get('code')!;
}

const bearer = (token: string | null) => ({ headers: { authorization: `Bearer ${token}` } });
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test('/auth/callback cambia el código por la sesión una sola vez, si el inicio de sesión empezó en esta pestaña', async ({
  page,
  request,
}) => {
  await page.goto('/auth/callback?code=abc');
  await expect(page).toHaveURL(/\/login$/);

  const admin = await demoUserAt(request, 20);
  const code = await signInCode(request, admin.email);
  // What the login page's Google button stores right before leaving (same origin, same tab).
  await page.evaluate(() => sessionStorage.setItem('airlink.oidcPending', String(Date.now())));
  await page.goto(`/auth/callback?code=${code}`);
  await expect(page).toHaveURL(new RegExp(`${landingPathFor(20)}$`), { timeout: 10_000 });
  const token = await storedToken(page);
  expect((await request.get('/api/usuarios', bearer(token))).status()).toBe(200);
  expect(await page.evaluate(() => sessionStorage.getItem('airlink.oidcPending'))).toBeNull();
  // The code served once.
  const again = await request.post('/api/auth/exchange', { data: { code } });
  expect(again.status()).toBe(401);
  expect((await again.json()).message).toBe(
    'El código de inicio de sesión no es válido o ya se usó. Inicia sesión de nuevo.',
  );
});

test('/auth/callback sin un inicio de sesión empezado en esta pestaña vuelve a /login', async ({ page, request }) => {
  const code = await signInCode(request, (await demoUserAt(request, 20)).email);
  await page.goto(`/auth/callback?code=${code}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('El inicio de sesión no se inició desde este navegador. Intenta de nuevo.'),
  ).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
});

/**
 * Makes the page refresh its token the way it does when the server stops accepting it: the start-up
 * session check (GET /api/usuarios) is answered 401 once, and the app then asks for a new token.
 */
async function forceRefresh(page: Page): Promise<void> {
  let served!: () => void;
  const refused = new Promise<void>((resolve) => (served = resolve));
  await page.route(
    '**/api/usuarios',
    async (route) => {
      await route.fulfill({
        status: 401,
        json: { error: 'unauthorized', message: 'Tu sesión no es válida o ha expirado.' },
      });
      served();
    },
    { times: 1 },
  );
  await page.reload();
  // Resolves once the page was told 401 (on a busy machine well after the reload's load event).
  await refused;
}

/**
 * Whether any tab of the origin holds or waits for the session lock (navigator.locks: every request with the
 * token holds it shared, a refresh holds it exclusive): false once no request and no refresh is on its way.
 */
const sessionLockBusy = (page: Page) =>
  page.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query();
    return [...held, ...pending].some((l) => l.name === 'airlink-session');
  });

async function usersPageWorks(page: Page, email: string) {
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Usuarios', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/usuarios$/);
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toBeVisible();
}

test('renovar el token: el anterior deja de servir al instante, la página sigue funcionando; si el anterior vuelve, la sesión se cierra', async ({
  page,
  request,
}) => {
  const admin = await demoUserAt(request, 20);
  await signInAs(page, admin);
  await expectHubConnected(page);
  const old = await storedToken(page);

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/login/refresh-token'));
  await forceRefresh(page);
  expect((await refreshed).status()).toBe(200);
  await expect.poll(() => storedToken(page)).not.toBe(old);
  const fresh = await storedToken(page);

  // The page goes on with the new token: pages load their data, the push connection stays.
  await usersPageWorks(page, admin.email);
  await expectHubConnected(page);
  expect((await request.get('/api/usuarios', bearer(fresh))).status()).toBe(200);

  // The replaced token is refused at once, and presenting it revokes the whole session (theft
  // detection): the open page is told through its push connection and ends at /logedout saying why.
  expect((await request.get('/api/usuarios', bearer(old))).status()).toBe(401);
  await expect(page).toHaveURL(/\/logedout\?error=/);
  await expect(page.getByText(/Por seguridad cerramos tu sesión/)).toBeVisible();
  expect((await request.get('/api/usuarios', bearer(fresh))).status()).toBe(401);
});

test('dos pestañas que renuevan el token a la vez no cierran la sesión', async ({ page, context, request }) => {
  const admin = await demoUserAt(request, 20);
  await signInAs(page, admin);
  // Every refresh either tab sends, with the token it presented: listened to before the second tab opens, so a
  // refresh a tab starts on its own (the new tab's session check, late on a busy machine) is counted too.
  const presented: string[] = [];
  let settled = 0;
  const isRefresh = (url: string) => url.endsWith('/api/login/refresh-token');
  context.on('request', (req) => {
    if (isRefresh(req.url())) presented.push((req.postDataJSON() as { Token: string }).Token);
  });
  context.on('requestfinished', (req) => void (isRefresh(req.url()) && settled++));
  context.on('requestfailed', (req) => void (isRefresh(req.url()) && settled++));
  const other = await context.newPage();
  await other.goto('/dashboard/home');
  await expect(other.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  const old = await storedToken(page);
  await Promise.all([forceRefresh(page), forceRefresh(other)]);
  await expect.poll(() => storedToken(page)).not.toBe(old);
  // Both tabs end on the same, newest token (the storage they share; the second refresh may land a moment later),
  // read once both tabs were told 401 and no request or refresh of either holds the session lock, and not one a
  // refresh already presented: such a token is replaced (at once or a moment later), and presenting a replaced
  // token ends the session (theft detection), not this test's subject.
  await expect
    .poll(async () => {
      if (await sessionLockBusy(page)) return false;
      const [a, b] = await Promise.all([storedToken(page), storedToken(other)]);
      return settled === presented.length && a === b && a !== old && !presented.includes(a!);
    })
    .toBe(true);

  // They took turns: no token was presented twice, so the session lives in both tabs.
  expect(presented.length).toBeGreaterThan(0);
  expect(new Set(presented).size).toBe(presented.length);
  expect((await request.get('/api/usuarios', bearer(await storedToken(page)))).status()).toBe(200);
  await usersPageWorks(page, admin.email);
  await usersPageWorks(other, admin.email);
});

test('una sesión cerrada en otra parte termina al instante en /logedout con el motivo', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 10));
  await expectHubConnected(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  await expect(page).toHaveURL(/\/logedout\?error=/);
  await expect(page.getByText('Cerraste tu sesión.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/login$/);
});
