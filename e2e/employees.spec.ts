import { expect, test } from '@playwright/test';
import { demoUserAt, signInAs } from './fixtures';

/** The next Monday at least a week ahead, as YYYY-MM-DD (a business week without weekends in between). */
function mondayAhead(): { monday: string; wednesday: string } {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 + ((8 - d.getUTCDay()) % 7));
  // Skip the third week of November and the end of the year (federal holidays fall there).
  if ((d.getUTCMonth() === 10 && d.getUTCDate() >= 15 && d.getUTCDate() <= 21) || d.getUTCMonth() === 11)
    d.setUTCDate(d.getUTCDate() + 7 * 6);
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  const wed = new Date(d);
  wed.setUTCDate(d.getUTCDate() + 2);
  return { monday: iso(d), wednesday: iso(wed) };
}

test('empleados: datos inválidos primero, luego una falta y unas vacaciones mueven los contadores', async ({
  page,
  request,
}) => {
  // A long journey (a form, two dialogs and a calendar): room for a busy machine.
  test.setTimeout(150_000);
  await signInAs(page, await demoUserAt(request, 20));
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Empleados', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/empleados$/);
  await expect(page.getByRole('heading', { name: 'Empleados' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Empleados' })).toContainText('Brenda');

  // Bad input first: the spec's messages under their fields, nothing saved.
  await page.getByRole('button', { name: 'Agregar empleado' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar empleado' });
  await form.getByLabel('Email').fill('no-es-email');
  await form.getByLabel('Días de vacaciones').fill('45');
  await form.getByRole('button', { name: 'Guardar' }).click();
  for (const message of [
    'El nombre es obligatorio',
    'El apellido es obligatorio',
    'Email inválido',
    'El teléfono es obligatorio',
    'El departamento es obligatorio',
    'El puesto es obligatorio',
    'La fecha de ingreso es obligatoria',
    'El salario debe ser mayor a 0',
    'Los días de vacaciones van de 0 a 30',
    'La dirección es obligatoria',
    'El contacto de emergencia es obligatorio',
    'El teléfono de emergencia es obligatorio',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }

  // Fix it. The position list follows the department; changing department clears a position it lacks.
  const stamp = Date.now();
  const apellido = `Prueba ${stamp}`;
  await form.getByLabel('Nombre').fill('Ximena');
  await form.getByLabel('Apellido').fill(apellido);
  await form.getByLabel('Email').fill(`ximena.${stamp}@airlink.mx`);
  await form.getByLabel(/^Teléfono\s*\*?$/).fill('7711234567');
  await form.getByRole('combobox', { name: /Departamento/ }).click();
  await page.getByRole('option', { name: 'Ventas' }).click();
  await form.getByRole('combobox', { name: /Puesto/ }).click();
  await page.getByRole('option', { name: 'Promotor' }).click();
  await form.getByRole('combobox', { name: /Departamento/ }).click();
  await page.getByRole('option', { name: 'Soporte' }).click();
  await expect(form.getByRole('combobox', { name: /Puesto/ })).not.toContainText('Promotor');
  await form.getByRole('combobox', { name: /Puesto/ }).click();
  await page.getByRole('option', { name: 'Agente de soporte' }).click();
  await form.getByLabel('Fecha de ingreso').fill('2025-02-03');
  await form.getByLabel('Salario mensual').fill('9800');
  await form.getByLabel('Días de vacaciones').fill('12');
  await form.getByLabel('Dirección').fill('Calle Morelos 5, Centro, Tizayuca, Hgo.');
  await form.getByLabel('Contacto de emergencia').fill('Rosa Prueba');
  await form.getByLabel('Teléfono de emergencia').fill('7717654321');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Empleado agregado')).toBeVisible();
  await expect(form).toBeHidden();

  // Server-side search, accents ignored.
  await page.getByLabel('Buscar empleado').fill(`ximena prueba ${stamp}`);
  const row = page.getByRole('row', { name: new RegExp(apellido) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Agente de soporte');
  await expect(row).toContainText('0 de 12');

  // A falta moves faltas.
  await row
    .getByRole('menuitem', { name: /Asistencias/ })
    .or(row.getByRole('button', { name: /Asistencias/ }))
    .click();
  const attendance = page.getByRole('dialog', { name: /Asistencias de Ximena/ });
  await attendance.getByRole('button', { name: 'Registrar' }).click();
  await expect(attendance.getByText('El motivo es obligatorio')).toBeVisible();
  await attendance.getByLabel('Motivo').fill('No se presentó');
  await attendance.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Asistencia registrada')).toBeVisible();
  await expect(attendance.getByTestId('contador-faltas')).toHaveText('Faltas: 1');
  await expect(attendance.getByRole('list', { name: 'Registros de asistencia' })).toContainText('No se presentó');
  await attendance.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row.getByRole('gridcell', { name: '1', exact: true })).toBeVisible();

  // A vacation request, approved: three business days move diasUsados.
  const { monday, wednesday } = mondayAhead();
  await row
    .getByRole('menuitem', { name: /Vacaciones/ })
    .or(row.getByRole('button', { name: /Vacaciones/ }))
    .click();
  const vacations = page.getByRole('dialog', { name: /Vacaciones de Ximena/ });
  await vacations.getByLabel('Inicio').fill(monday);
  await vacations.getByLabel('Fin').fill(wednesday);
  await vacations.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Solicitud registrada')).toBeVisible();
  const period = vacations.getByRole('listitem').first();
  await expect(period).toContainText('Pendiente');
  await expect(period).toContainText('3 días hábiles');
  await expect(vacations.getByTestId('contador-dias-usados')).toHaveText('Vacaciones usadas: 0 de 12');
  await period.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Vacaciones aprobadas')).toBeVisible();
  await expect(period).toContainText('Aprobado');
  await expect(vacations.getByTestId('contador-dias-usados')).toHaveText('Vacaciones usadas: 3 de 12');

  // An overlapping request is refused with its reason.
  await vacations.getByLabel('Inicio').fill(wednesday);
  await vacations.getByLabel('Fin').fill(wednesday);
  await vacations.getByRole('button', { name: 'Agregar' }).click();
  await expect(vacations.getByText(/Se cruza con otro periodo \(aprobado\)/).first()).toBeVisible();
  await vacations.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row).toContainText('3 de 12');

  // The calendar of that month shows the vacation days.
  await row
    .getByRole('menuitem', { name: /Calendario/ })
    .or(row.getByRole('button', { name: /Calendario/ }))
    .click();
  const calendar = page.getByRole('dialog', { name: /Calendario de Ximena/ });
  const thisMonth = new Date().toISOString().slice(0, 7);
  const months =
    (Number(monday.slice(0, 4)) - Number(thisMonth.slice(0, 4))) * 12 +
    Number(monday.slice(5, 7)) -
    Number(thisMonth.slice(5, 7));
  for (let i = 0; i < months; i++) await calendar.getByRole('button', { name: 'Mes siguiente' }).click();
  await expect(
    calendar.getByRole('gridcell', { name: `${Number(monday.slice(8))}: Vacación (Vacaciones aprobadas)` }),
  ).toBeVisible();
  await calendar.getByRole('button', { name: 'Cerrar' }).click();
});
