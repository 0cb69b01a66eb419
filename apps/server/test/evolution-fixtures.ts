import { messagingInstances } from '../src/db/schema';
import { startFakeEvolutionServer, type FakeEvolutionServer } from '../src/demo/fakes/evolution/fake-server';
import type { MoneyTestApp } from './money-fixtures';

/**
 * A fake Evolution API with one open instance, and that instance in the app's WhatsApp directory (its key
 * sealed), as the areas that send as a department need it (reminders, receipts, the daily report).
 */
export async function startDepartmentInstance(
  name: string,
  department = name,
  unknownNumbers: string[] = [],
): Promise<{ fake: FakeEvolutionServer; register: (m: MoneyTestApp) => Promise<void> }> {
  const token = `TOKEN-${name.toUpperCase()}`;
  const fake = await startFakeEvolutionServer({ instances: [{ name, token }], unknownNumbers });
  return {
    fake,
    register: async (m) => {
      await m.t.database.db.insert(messagingInstances).values({
        department,
        phone: '5217797961002',
        instanceName: name,
        baseUrl: fake.url,
        apiKeyEnc: m.t.app.ctx.secrets.seal(token),
      });
    },
  };
}
