import { DEMO_LEVELS, PAGES, canSeePage, landingPathFor, sidebarFor } from '@airlink/domain';
import { expect, test } from '@playwright/test';
import { demoUserAt, sidebarTitles, signInAs } from './fixtures';

for (const level of DEMO_LEVELS) {
  test(`nivel ${level}: ve exactamente su menú y entra a su página inicial`, async ({ page, request }) => {
    const user = await demoUserAt(request, level);
    await signInAs(page, user);
    await expect(page).toHaveURL(new RegExp(`${landingPathFor(level)}$`));
    const s = sidebarFor(level);
    const expected = [
      ...(s.dashboard ? [s.dashboard.title] : []),
      ...s.groups.flatMap((g) => g.pages.map((p) => p.title)),
    ];
    expect(await sidebarTitles(page)).toEqual(expected);
    for (const g of s.groups) await expect(page.getByText(g.title, { exact: true }).first()).toBeVisible();

    // A page above the level cannot be reached by URL either.
    const above = PAGES.find((p) => !canSeePage(level, p));
    if (above) {
      await page.goto(above.path);
      await expect(page.getByText('Sin acceso', { exact: true }).first()).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: above.title }),
      ).toHaveCount(0);
    }
  });
}

test('el servidor también rechaza lo que la interfaz oculta', async ({ page, request }) => {
  const user = await demoUserAt(request, 5);
  await signInAs(page, user);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get('/api/ConnectedUsers', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe('No tienes permiso para realizar esta acción.');
});
