/**
 * `npm run secrets:rotate`: after APP_SECRET changed (with the old one in APP_SECRET_PREVIOUS), reseals
 * every stored router, site and WhatsApp secret with the new key. Safe to run again; the server may run.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { loadEnvironment } from '../lib/env-file';
import { SecretBox } from '../lib/secret-box';
import { SecretsRepository } from '../modules/secrets/secrets.repository';
import { SecretsService } from '../modules/secrets/secrets.service';

async function main(): Promise<number> {
  const config = loadConfig(loadEnvironment());
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const box = new SecretBox(config.appSecret, config.previousAppSecrets);
    const report = await new SecretsService(new SecretsRepository(database.db), box).rotate();
    console.log(
      `Clave actual ${box.keyId}: ${report.resealed} secretos resellados, ${report.sealed} sellados por primera vez, ${report.current} ya estaban al día.`,
    );
    if (report.unreadable.length) {
      console.error(
        `No se pudieron abrir ${report.unreadable.length} (falta su APP_SECRET anterior en APP_SECRET_PREVIOUS): ${report.unreadable.join(', ')}`,
      );
      return 1;
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('No se pudo rotar la clave:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
