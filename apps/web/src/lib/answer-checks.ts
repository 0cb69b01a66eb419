import type * as answerSchemaModule from './answer-schemas';

export type AnswerSchemas = typeof answerSchemaModule;

let loading: Promise<AnswerSchemas> | null = null;

/**
 * The shell's schemas (lib/answer-schemas.ts), fetched once on the first check: the first screen renders without
 * zod, and the shell checks what it reads (answers, pushes, the notification cache) as soon as it has something to
 * check. A failed download (offline) rejects, and the next call tries again.
 */
export function answerSchemas(): Promise<AnswerSchemas> {
  loading ??= import('./answer-schemas').catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
