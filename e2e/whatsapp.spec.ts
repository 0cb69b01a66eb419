import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { demoUserAt, expectHubConnected, signInAs } from './fixtures';

/*
 * WhatsApp on the demo's fake Evolution API (issue 14): it listens on PORT+2 and offers test-only control
 * routes guarded by its global key (apps/server/src/demo/evolution.ts, DEMO_EVOLUTION_KEY);
 * the demo never runs in production.
 */
const fakeEvolution = `http://127.0.0.1:${Number(new URL(baseURL).port) + 2}`;
const DEMO_EVOLUTION_KEY = 'airlink-demo-evolution';

async function fakeControl(request: APIRequestContext, action: 'receive' | 'state', body: Record<string, string>) {
  const res = await request.post(`${fakeEvolution}/fake/${action}/Personal`, {
    headers: { apikey: DEMO_EVOLUTION_KEY },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe.configure({ mode: 'serial' });

test('an incoming message appears live in the inbox and is answered', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page.goto('/dashboard/whatsapp-conversaciones');
  await expect(page.getByRole('heading', { name: 'WhatsApp Conversaciones' })).toBeVisible();
  await expect(page.getByText('Selecciona una conversación')).toBeVisible();
  const list = page.getByRole('list', { name: 'Conversaciones' });
  await expect(list.getByRole('button').first()).toBeVisible();
  await expectHubConnected(page);

  await fakeControl(request, 'receive', {
    from: '5217715550101',
    text: 'Hola, quiero contratar internet <b>hoy</b>',
    pushName: 'Paola Prueba',
  });
  // The countdown refreshes every 180 s: only the push can bring it this fast.
  const conversation = list.getByRole('button', { name: /Paola Prueba/ });
  await expect(conversation).toBeVisible({ timeout: 10_000 });
  await expect(conversation).toContainText('Personal');
  await expect(conversation).toContainText('1'); // unread badge
  await conversation.click();

  await expect(page.getByRole('heading', { name: 'Paola Prueba' })).toBeVisible();
  const log = page.getByRole('log', { name: 'Mensajes' });
  await expect(log.getByText('Hola, quiero contratar internet <b>hoy</b>')).toBeVisible(); // HTML shown as text
  await page.getByLabel('Responder como Personal').fill('Con gusto, ¿en qué comunidad vive?');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(log.getByText('Con gusto, ¿en qué comunidad vive?', { exact: true })).toBeVisible();
  // The demo fake answers with an echo a moment later, live.
  await expect(log.getByText('Eco: Con gusto, ¿en qué comunidad vive?')).toBeVisible({ timeout: 10_000 });
  await expect(log.getByText('Ricardo Sánchez Olvera').first()).toBeVisible(); // who answered

  await page.getByRole('button', { name: 'Historial' }).click();
  await expect(page.getByText(/Historial cargado|El historial ya estaba completo/)).toBeVisible();
});

test('the test panel sends to a number and a group, creates and deletes groups', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page.goto('/dashboard/whatsapp-pruebas');
  await expect(page.getByRole('heading', { name: 'WhatsApp Pruebas' })).toBeVisible();
  await expect(page.getByText(/^Instancia:\s*Personal$/)).toBeVisible();
  await expect(page.getByTestId('instance-state')).toHaveText('Conectada (open)');
  await expect(page.getByRole('button', { name: 'Conectar' })).toHaveCount(0);
  const result = page.getByTestId('test-result');

  await page.getByRole('button', { name: 'Enviar a Número' }).click();
  await expect(result).toContainText('Por favor, completa todos los campos requeridos');
  await page.getByLabel('Teléfono').fill('771 555 0102');
  await page.getByRole('button', { name: 'Cargar Mensaje de Prueba' }).click();
  await expect(page.getByLabel('Mensaje', { exact: true })).toHaveValue(/Mensaje de prueba de AirLink/);
  await page.getByRole('button', { name: 'Enviar a Número' }).click();
  await expect(result).toContainText('Mensaje enviado exitosamente');

  await page.getByRole('button', { name: 'Obtener Grupos' }).click();
  await expect(result).toContainText('Se encontraron 2 grupos');
  await page.getByRole('button', { name: 'Crear Grupo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear grupo' });
  await dialog.getByRole('button', { name: 'Crear Grupo' }).click();
  await expect(dialog).toContainText('El nombre del grupo es requerido');
  await dialog.getByLabel('Nombre del grupo').fill('Cuadrilla E2E');
  await dialog.getByLabel('Participantes').fill('7715550103, 7715550104');
  await dialog.getByRole('button', { name: 'Crear Grupo' }).click();
  await expect(result).toContainText('Grupo "Cuadrilla E2E" creado exitosamente');

  const groups = page.getByRole('list', { name: 'Grupos' });
  await page.getByRole('button', { name: 'Enviar a Grupo' }).click();
  await expect(result).toContainText('Por favor, selecciona un grupo y escribe un mensaje');
  await groups.getByRole('button', { name: /Cuadrilla E2E/ }).click();
  await expect(groups.getByRole('button', { name: /Cuadrilla E2E/ })).toHaveClass(/Mui-selected/);
  await page.getByRole('button', { name: 'Enviar a Grupo' }).click();
  await expect(result).toContainText('Mensaje enviado exitosamente al grupo: Cuadrilla E2E');

  await page.getByRole('button', { name: 'Eliminar Todos' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar todos los grupos' });
  await expect(confirm).toContainText(
    '¿Estás seguro de que quieres eliminar TODOS los 3 grupos? Esta acción no se puede deshacer.',
  );
  await confirm.getByRole('button', { name: 'Eliminar Todos' }).click();
  await expect(result).toContainText('Eliminación completada: 3 grupos eliminados, 0 errores');
  // While the dialog fades out, the page behind it is still aria-hidden: the next click must wait for it.
  await expect(confirm).toBeHidden();
  await expect(page.getByText('La instancia no está en ningún grupo.')).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar Todos' }).click();
  await expect(result).toContainText('No hay grupos para eliminar');
});

test('the test panel shows the not-connected message when the instance is closed, and connects it', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page.goto('/dashboard/whatsapp-pruebas');
  await expect(page.getByTestId('instance-state')).toHaveText('Conectada (open)');
  await fakeControl(request, 'state', { state: 'close' });
  await page.getByRole('button', { name: 'Verificar Estado' }).click();
  const result = page.getByTestId('test-result');
  await expect(result).toContainText('La instancia no está conectada. Estado: close');
  await expect(page.getByTestId('instance-state')).toHaveText('Desconectada (close)');

  await page.getByLabel('Teléfono').fill('7715550102');
  await page.getByLabel('Mensaje', { exact: true }).fill('¿Llega?');
  await page.getByRole('button', { name: 'Enviar a Número' }).click();
  await expect(result).toContainText('Error al enviar el mensaje: La instancia no está conectada. Estado: close');

  await page.getByRole('button', { name: 'Conectar' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para vincular WhatsApp' })).toBeVisible();
  // The demo fake "scans" the QR after 3 s; the panel checks again every 2 s while the QR is shown.
  await expect(result).toContainText('Instancia conectada exitosamente', { timeout: 15_000 });
  await expect(page.getByTestId('instance-state')).toHaveText('Conectada (open)');
  await expect(page.getByRole('button', { name: 'Conectar' })).toHaveCount(0);
});
