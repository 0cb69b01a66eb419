import { SEALED_COLUMNS } from '../../db/sealed-columns';
import { SecretBoxError, isSealed, type SecretBox } from '../../lib/secret-box';
import type { SecretsRepository } from './secrets.repository';

export interface RotationReport {
  /** Values sealed with an earlier key and sealed again with the current one. */
  resealed: number;
  /** Values stored in the clear (before the box existed) and sealed now. */
  sealed: number;
  /** Values already under the current key. */
  current: number;
  /** Values no configured key opens: `table.column#id`, left as they are. */
  unreadable: string[];
}

/** Key rotation: after APP_SECRET changes (the old one in APP_SECRET_PREVIOUS), reseal every stored secret. */
export class SecretsService {
  constructor(
    private readonly repo: SecretsRepository,
    private readonly box: SecretBox,
  ) {}

  async rotate(): Promise<RotationReport> {
    const report: RotationReport = { resealed: 0, sealed: 0, current: 0, unreadable: [] };
    for (const col of SEALED_COLUMNS) {
      for (const { id, value } of await this.repo.list(col)) {
        try {
          if (!isSealed(value)) {
            if (await this.repo.replace(col, id, value, this.box.seal(value))) report.sealed++;
          } else if (this.box.needsReseal(value)) {
            if (await this.repo.replace(col, id, value, this.box.reseal(value))) report.resealed++;
          } else report.current++;
        } catch (err) {
          if (!(err instanceof SecretBoxError)) throw err;
          report.unreadable.push(`${col.table}.${col.column}#${id}`);
        }
      }
    }
    return report;
  }
}
