import { expect, test } from '@playwright/test';
import { landingPathFor } from '@airlink/domain';
import { demoUserAt } from './fixtures';

// The demo's 'Google' is a loopback OpenID Connect provider: the same redirects, PKCE, state and nonce.
test('Iniciar sesión con Google: elige la cuenta y entra a su página inicial; el token nunca viaja en una URL', async ({
  page,
  request,
}) => {
  const cashier = await demoUserAt(request, 16);
  // Every address the tab visits, and every request it makes (redirect hops included).
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  await page.goto('/login');
  await page.getByRole('link', { name: 'Iniciar sesión con Google' }).click();
  await expect(page.getByRole('heading', { name: 'Elige una cuenta' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(cashier.email.replace(/\./g, '\\.')) }).click();
  await expect(page).toHaveURL(new RegExp(`${landingPathFor(16)}$`));
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Gastos' }),
  ).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toMatch(/^eyJ/);
  // The callback carried a one-time code, exchanged by POST; no URL ever held the token or the user.
  const callback = requested.find((u) => new URL(u).pathname === '/auth/callback');
  expect(callback).toBeDefined();
  expect([...new URL(callback!).searchParams.keys()]).toEqual(['code']);
  for (const url of [...visited, ...requested]) {
    expect(url).not.toContain(token!);
    expect(url).not.toMatch(/[?&](token|user)=/);
  }
  expect(page.url()).not.toContain('code=');
  // Nor is the code left in the history: back through every entry.
  for (let i = 0; i < 2; i++) {
    await page.goBack();
    expect(page.url()).not.toMatch(/code=|token=/);
  }
  // The code served once.
  const code = new URL(callback!).searchParams.get('code');
  expect((await request.post('/api/auth/exchange', { data: { code } })).status()).toBe(401);
});

test('Iniciar sesión con Google con un correo que no es del personal termina en /logedout con el motivo', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Iniciar sesión con Google' }).click();
  await page.getByLabel('Usar otro correo').fill('alguien@gmail.com');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/logedout\?error=/);
  await expect(page.getByText(/El correo alguien@gmail.com no está registrado en AirLink/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
