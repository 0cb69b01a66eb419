import { expect, test } from '@playwright/test';
import { landingPathFor } from '@airlink/domain';
import { demoUserAt } from './fixtures';

// The demo's 'Google' is a loopback OpenID Connect provider: the same redirects, PKCE, state and nonce.
test('Iniciar sesión con Google: elige la cuenta y entra a su página inicial', async ({ page, request }) => {
  const cashier = await demoUserAt(request, 16);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Iniciar sesión con Google' }).click();
  await expect(page.getByRole('heading', { name: 'Elige una cuenta' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(cashier.email.replace(/\./g, '\\.')) }).click();
  await expect(page).toHaveURL(new RegExp(`${landingPathFor(16)}$`));
  await expect(page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Gastos' })).toBeVisible();
  // The token did not stay in the address or the history entry.
  await page.goBack();
  expect(page.url()).not.toContain('token=');
});

test('Iniciar sesión con Google con un correo que no es del personal termina en /logedout con el motivo', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Iniciar sesión con Google' }).click();
  await page.getByLabel('Usar otro correo').fill('alguien@gmail.com');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/logedout\?error=/);
  await expect(page.getByText(/El correo alguien@gmail.com no está registrado en AirLink/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
