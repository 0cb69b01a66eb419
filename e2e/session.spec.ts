import { expect, test, type APIRequestContext } from '@playwright/test';
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
  await page.getByRole('dialog').getByRole('button', { name: /cerrar sesión|confirmar|sí/i }).click();
  await expect(page).toHaveURL(/\/logedout/);
  await expect(page.getByText('El usuario no existe en el sistema o no esta logueado')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
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

/** The query the identity provider sign-in ends with, for a fresh session of the level-20 demo user. */
async function callbackUrl(request: APIRequestContext): Promise<{ url: string; token: string }> {
  const admin = await demoUserAt(request, 20);
  const { token, user } = await (await request.post('/api/auth/dev-login', { data: { email: admin.email } })).json();
  return { url: `/auth/callback?token=${encodeURIComponent(token)}&user=${encodeURIComponent(JSON.stringify(user))}`, token };
}

test('/auth/callback guarda el token y el usuario si el inicio de sesión empezó en esta pestaña', async ({ page, request }) => {
  await page.goto('/auth/callback?token=abc');
  await expect(page).toHaveURL(/\/login$/);

  const { url, token } = await callbackUrl(request);
  // What the login page's Google button stores right before leaving (same origin, same tab).
  await page.evaluate(() => sessionStorage.setItem('airlink.oidcPending', String(Date.now())));
  await page.goto(url);
  await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
  expect(await page.evaluate(() => sessionStorage.getItem('airlink.oidcPending'))).toBeNull();
});

test('/auth/callback sin un inicio de sesión empezado en esta pestaña vuelve a /login', async ({ page, request }) => {
  const { url } = await callbackUrl(request);
  await page.goto(url);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('El inicio de sesión no se inició desde este navegador. Intenta de nuevo.')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
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
