import { useState, type BaseSyntheticEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/apply-server-errors';

/** Puts a failed save onto the form; returns the message for the whole form, or null when none is needed. */
export type ServerErrorsApplier<T extends FieldValues> = (
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) => string | null;

export interface UseFormKitOptions<TValues extends FieldValues, TOutput> {
  /** The domain's zod schema for the payload: its Spanish messages land under the fields. */
  schema?: z.ZodType<TOutput, TValues>;
  /** Instead of `schema`: a resolver that shapes the values before the schema reads them. */
  resolver?: Resolver<TValues, unknown, TOutput>;
  defaultValues: DefaultValues<TValues>;
  /** Fields whose server `details` land under them; by default every key of `defaultValues`. */
  serverFields?: readonly Path<TValues>[];
  /** How a failed save reaches the form; by default `applyServerErrors`. */
  applyErrors?: ServerErrorsApplier<TValues>;
}

export interface FormKit<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The message for the whole form (the dialog's alert), or null. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /**
   * The form's submit handler around `save`: clears the form message, validates with the schema and, when
   * `save` throws, puts the server's field `details` under their fields and the rest in `formError`.
   */
  submit: (save: (values: TOutput) => unknown) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * The form kit's hook: react-hook-form with the domain's zod schema, plus the whole-form message and the
 * server-error placement every form of the back-office needs.
 */
export function useFormKit<TValues extends FieldValues, TOutput = TValues>({
  schema,
  resolver,
  defaultValues,
  serverFields,
  applyErrors = applyServerErrors,
}: UseFormKitOptions<TValues, TOutput>): FormKit<TValues, TOutput> {
  const [schemaResolver] = useState(
    () => resolver ?? (schema ? (zodResolver(schema as never) as Resolver<TValues, unknown, TOutput>) : undefined),
  );
  const form = useForm<TValues, unknown, TOutput>({ resolver: schemaResolver, defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const fields = serverFields ?? (Object.keys(defaultValues) as Path<TValues>[]);

  const submit = (save: (values: TOutput) => unknown) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await save(values);
      } catch (error) {
        setFormError(applyErrors(error, fields, form.setError));
      }
    });

  return { form, formError, setFormError, submit };
}

/**
 * A resolver for forms whose values are not yet the payload (empty amounts are null, a date-time is wall
 * time, a number is typed as text): `shape` turns them into what the domain's schema reads, and the
 * schema's Spanish messages land under the fields of the same name.
 */
export function shapedResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  shape: (values: TValues) => unknown,
): Resolver<TValues, unknown, TOutput> {
  const resolve = zodResolver(schema as never);
  return (values, context, options) =>
    resolve(shape(values) as never, context, options as never) as ReturnType<Resolver<TValues, unknown, TOutput>>;
}
