import { z } from '../zod';
import { ACCOUNT_GROUPS } from './accounts';

/** An account group in a schema (GET /api/cuentas, receipt filters). */
export const accountGroupSchema = z.enum(ACCOUNT_GROUPS, { error: 'Grupo desconocido' });
