import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface DemoUser {
  email: string;
  nombre: string;
  idPerfilUsuario: number;
}

/** The demo users the server offers (one per access level). */
export async function demoUsers(request: APIRequestContext): Promise<DemoUser[]> {
  const res = await request.get('/api/auth/dev-users');
  expect(res.ok()).toBe(true);
  return (await res.json()) as DemoUser[];
}

export async function demoUserAt(request: APIRequestContext, level: number): Promise<DemoUser> {
  const user = (await demoUsers(request)).find((u) => u.idPerfilUsuario === level);
  if (!user) throw new Error(`no demo user at level ${level}`);
  return user;
}

/** Signs in the way a person does: the login page's 'Entrar como …' button. */
export async function signInAs(page: Page, user: DemoUser) {
  await page.goto('/login');
  await expect(page.getByText('Bienvenido a AirLink')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Entrar como ${user.nombre}`) }).click();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
}

/** The sidebar's item titles, in order. */
export async function sidebarTitles(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  const items = nav.getByRole('link');
  await expect(items.first()).toBeVisible();
  return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

export async function expectHubConnected(page: Page) {
  await expect(page.getByLabel('Conectado a notificaciones')).toBeVisible({ timeout: 15_000 });
}

/** The newest portal code the Cobranza instance sent, as the staff WhatsApp inbox shows it. */
export async function codeFromInbox(staff: Page): Promise<string> {
  await staff.goto('/dashboard/whatsapp-conversaciones');
  await expect(staff.getByRole('heading', { name: 'WhatsApp Conversaciones' })).toBeVisible();
  await staff.getByLabel('Buscar conversación').fill('Tu código para entrar');
  const found = staff.getByRole('list', { name: 'Conversaciones' }).getByRole('button').first();
  await expect(found).toBeVisible({ timeout: 20_000 });
  await expect(found).toContainText('Cobranza');
  await found.click();
  const message = staff
    .getByRole('log', { name: 'Mensajes' })
    .getByText(/Tu código para entrar al portal/)
    .last();
  await expect(message).toBeVisible();
  const code = /es (\d{6})\./.exec((await message.textContent()) ?? '')?.[1];
  expect(code, 'the WhatsApp message carries a 6-digit code').toBeDefined();
  return code!;
}
