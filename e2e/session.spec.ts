import { expect, test } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

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

test('/auth/callback guarda el token y el usuario; sin ellos vuelve a /login', async ({ page, request }) => {
  await page.goto('/auth/callback?token=abc');
  await expect(page).toHaveURL(/\/login$/);

  const admin = await demoUserAt(request, 20);
  const { token, user } = await (await request.post('/api/auth/dev-login', { data: { email: admin.email } })).json();
  await page.goto(`/auth/callback?token=${encodeURIComponent(token)}&user=${encodeURIComponent(JSON.stringify(user))}`);
  await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
});

test('una sesión revocada en el servidor termina en /login al recargar', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 10));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
