import type * as answerSchemaModule from './answer-schemas';
import { loadOnce } from './load-once';

export type AnswerSchemas = typeof answerSchemaModule;

/**
 * The shell's schemas (lib/answer-schemas.ts), fetched once on the first check: the first screen renders without
 * zod, and the shell checks what it reads (answers, pushes, the notification cache) as soon as it has something to
 * check. A failed download (offline) rejects, and the next call tries again.
 */
export const answerSchemas: () => Promise<AnswerSchemas> = loadOnce(() => import('./answer-schemas'));
