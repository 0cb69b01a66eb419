import { expect, test } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

test('un administrador crea una API Key, la copia del diálogo y otro sistema llama a la API con ella', async ({
  context,
  page,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, await demoUserAt(request, 20));
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Api Keys', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/api-keys$/);
  await expect(page.getByRole('heading', { name: 'Gestión de API Keys' })).toBeVisible();

  // Bad input first: an expiry already past is refused in Spanish and nothing is created.
  await page.getByRole('button', { name: 'Nueva API Key' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva API Key' });
  await expect(form.getByRole('button', { name: 'Crear' })).toBeDisabled();
  const name = `Portal de contratos ${Date.now()}`;
  await form.getByLabel('Nombre').fill(name);
  await form.getByRole('combobox', { name: 'Perfil' }).click();
  await page.getByRole('option', { name: 'Contratos' }).click();
  await form.getByLabel('Descripción').fill('Altas y consultas desde el portal de ventas');
  await form.getByLabel('Nunca expira').uncheck();
  await form.getByLabel(/Fecha de expiración/).fill('2020-01-01');
  await form.getByRole('textbox', { name: /^Hora/ }).fill('10:00:00');
  await form.getByRole('button', { name: 'Crear' }).click();
  await expect(form.getByText('La fecha de expiración ya pasó: elige una fecha futura').first()).toBeVisible();
  await expect(form.getByText('Error al crear la API Key')).toBeVisible();

  await form.getByLabel('Nunca expira').check();
  await form.getByRole('button', { name: 'Crear' }).click();

  // The generated-key dialog: the only time the key is seen; copy it and close.
  const generated = page.getByRole('dialog', { name: 'API Key generada' });
  await expect(generated).toContainText('única vez');
  const shown = (await generated.getByTestId('generated-api-key').innerText()).trim();
  expect(shown).toMatch(/^alk_[A-Za-z0-9_-]{43}$/);
  await generated.getByRole('button', { name: 'Copiar y Cerrar' }).click();
  await expect(page.getByText('API Key copiada al portapapeles')).toBeVisible();
  await expect(generated).toBeHidden();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await expect(page.getByText('API Key creada exitosamente')).toBeVisible();

  const card = page.getByTestId('api-key-card').filter({ hasText: name });
  await expect(card).toContainText('Activa');
  await expect(card).toContainText('Contratos');
  await expect(card).toContainText('Nunca expira');
  await expect(card).toContainText('Último usoNunca');

  // Another system calls the API with the copied key (no session): what the profile allows works,
  // the rest is 403; the key pasted with spaces and a line break around it still works.
  const asKey = { 'X-API-Key': copied };
  const customers = await request.get('/api/contratos', { headers: asKey });
  expect(customers.status()).toBe(200);
  expect((await request.get('/api/contratos', { headers: { Authorization: `ApiKey   ${copied}  ` } })).status()).toBe(
    200,
  );
  const finance = await request.get('/api/WeatherForecast/financial', { headers: asKey });
  expect(finance.status()).toBe(403);
  expect((await finance.json()).message).toBe('El perfil de esta API Key no permite esta acción.');
  expect((await request.get('/api/usuarios', { headers: asKey })).status()).toBe(403);
  expect((await request.get('/api/ApiKey', { headers: asKey })).status()).toBe(403);
  const bearer = await request.get('/api/contratos', { headers: { Authorization: `Bearer ${copied}` } });
  expect(bearer.status()).toBe(401);

  // The page now shows when it was last used.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('Último usoNunca');

  // Regenerate: the old key stops at once, the new one works.
  await card.getByRole('button', { name: `Regenerar ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerar API Key' });
  await confirm.getByRole('button', { name: 'Regenerar' }).click();
  const again = page.getByRole('dialog', { name: 'API Key generada' });
  const fresh = (await again.getByTestId('generated-api-key').innerText()).trim();
  expect(fresh).not.toBe(copied);
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('API Key regenerada exitosamente')).toBeVisible();
  expect((await request.get('/api/contratos', { headers: asKey })).status()).toBe(401);
  expect((await request.get('/api/contratos', { headers: { 'X-API-Key': fresh } })).status()).toBe(200);

  // Delete it: it stops working.
  await card.getByRole('button', { name: `Eliminar ${name}` }).click();
  const del = page.getByRole('dialog', { name: 'Eliminar API Key' });
  await expect(del).toContainText(
    `¿Estás seguro de que quieres eliminar la API Key "${name}"? Esta acción no se puede deshacer.`,
  );
  await del.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('API Key eliminada exitosamente')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await request.get('/api/contratos', { headers: { 'X-API-Key': fresh } })).status()).toBe(401);
});
