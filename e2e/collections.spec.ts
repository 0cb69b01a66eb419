import { validPhone } from '@airlink/domain';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

/**
 * Cobranza by WhatsApp (issue 15, parts 3 and 4) and the 'no cortar' mark: the receipt sent from the
 * customer panel, the payment reminders, the owner's daily report, each message then in the inbox.
 */
test.describe.configure({ mode: 'serial' });

async function apiGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** Conversaciones: the search finds a conversation whose messages hold `text`, from the Cobranza instance. */
async function expectInInbox(page: Page, text: string) {
  await page.goto('/dashboard/whatsapp-conversaciones');
  await expect(page.getByRole('heading', { name: 'WhatsApp Conversaciones' })).toBeVisible();
  await page.getByLabel('Buscar conversación').fill(text);
  const found = page.getByRole('list', { name: 'Conversaciones' }).getByRole('button').first();
  await expect(found).toBeVisible({ timeout: 15_000 });
  await expect(found).toContainText('Cobranza');
  await found.click();
  await expect(page.getByRole('log', { name: 'Mensajes' }).getByText(text).first()).toBeVisible();
}

test('la cajera envía un recibo por WhatsApp desde el panel y queda en la conversación del cliente', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  // A receipt of a customer with a WhatsApp-able phone.
  const receipts = await apiGet<{ items: Array<{ id: number; clienteId: number }> }>(
    page,
    request,
    '/api/recibos?pageSize=50',
  );
  let customer: { id: number; telefono: string } | undefined;
  for (const r of receipts.items) {
    const c = await apiGet<{ id: number; telefono: string }>(page, request, `/api/contratos/${r.clienteId}`);
    if (validPhone(c.telefono)) {
      customer = c;
      break;
    }
  }
  expect(customer, 'the demo has receipts of customers with a phone').toBeDefined();

  await page.goto(`/dashboard/profile?id=${customer!.id}`);
  const payments = page.getByRole('grid', { name: 'Pagos del cliente' });
  await payments.getByRole('button', { name: 'Enviar recibo por WhatsApp' }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Enviar recibo No\. \d{6} por WhatsApp$/ });
  await expect(dialog.getByLabel('Número de WhatsApp')).toHaveValue(customer!.telefono);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(`Recibo enviado por WhatsApp al ${validPhone(customer!.telefono)}`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog).toBeHidden();
  await expectInInbox(page, 'Recibo de pago No.');
});

test('el administrador configura los recordatorios de pago y los envía; una plantilla con un marcador desconocido no se guarda', async ({
  page,
  request,
}) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Recordatorios de pago', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Recordatorios de pago', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Recordatorios de pago' });
  const message = form.getByRole('textbox', { name: 'Mensaje' });
  await message.fill('Hola {cliente}, pague {monto}');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText(/Marcador desconocido: \{cliente\}/)).toBeVisible();

  await message.fill('Hola {nombre}: su servicio vence el {vence}. Monto {monto}. Deposite a {cuenta}.');
  await expect(form.getByLabel('Vista previa del mensaje')).toContainText(
    'Hola María López Hernández: su servicio vence el',
  );
  await form.getByLabel('Recordatorios activos').check();
  await form.getByLabel('Días antes del corte').fill('15');
  await form.getByLabel('Datos de la cuenta ({cuenta})').fill('BBVA CLABE 012290001234567891 a nombre de AirLink');
  await form.getByLabel('Enviar desde').click();
  await page.getByRole('option', { name: 'Cobranza (Cobranza)' }).click();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Recordatorios guardados')).toBeVisible();

  await page.getByRole('button', { name: 'Enviar ahora' }).click();
  // Inside 09:00–20:00 it sends; outside it only queues: both say what happened.
  await expect(page.getByText(/\d+ enviados?(, |\.)/)).toBeVisible({ timeout: 30_000 });
  const list = page.getByRole('grid', { name: 'Recordatorios' });
  await expect(list.getByText(/^(Enviado|En cola)$/).first()).toBeVisible();
});

test('el dueño ve su reporte diario y se lo envía por WhatsApp', async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Reporte diario', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Reporte diario', level: 1 })).toBeVisible();
  await expect(page.getByText('Efectivo Tizayuca')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cortes de caja' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Red' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Envío diario' });
  await form.getByLabel('WhatsApp del dueño').fill('771 123 0000');
  await form.getByLabel('Enviar desde').click();
  await page.getByRole('option', { name: 'Cobranza (Cobranza)' }).click();
  await form.getByLabel('Enviar el reporte cada día').check();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Envío diario guardado')).toBeVisible();
  await form.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(page.getByText('Reporte enviado al WhatsApp del dueño')).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText('Enviado', { exact: true })).toBeVisible();
  await expectInInbox(page, 'AirLink · Reporte del');
});

test("una marca 'no cortar' puesta buscando al cliente lo saca de la lista de cortes", async ({ page, request }) => {
  await signInAs(page, await demoUserAt(request, 20));
  await page.goto('/dashboard/cortes-programados');
  const preview = await apiGet<{ contratos: Array<{ nombre: string }> }>(
    page,
    request,
    '/api/cortes-programados/vista-previa',
  );
  expect(preview.contratos.length, 'the demo has contracts past their cut-off date').toBeGreaterThan(0);
  const name = preview.contratos[0]!.nombre;
  const list = page.getByRole('grid', { name: 'Contratos por cortar' });
  await expect(list.getByText(name, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: "Agregar 'no cortar'" });
  await dialog.getByLabel('Contrato').fill(name.split(' ').slice(0, 2).join(' '));
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await dialog.getByLabel('Motivo').fill('Promesa de pago el viernes');
  await dialog.getByLabel('Hasta').fill('2030-12-31');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText("Marca 'no cortar' guardada")).toBeVisible();
  await expect(
    page.getByRole('grid', { name: 'Contratos que no se cortan' }).getByText(name, { exact: true }),
  ).toBeVisible();
  await expect(list.getByText(name, { exact: true })).toHaveCount(0);
});
