import { type BaseSyntheticEvent, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from './apply-server-errors';
import { formResolver } from './form-resolver';

interface ServerFormOptions<Schema extends z.ZodType<FieldValues, FieldValues>> {
  /** The shared zod contract, loaded on first validation (see formResolver). */
  schema: () => Promise<Schema>;
  defaultValues: DefaultValues<z.input<Schema>>;
  /** Fields the server may name in its answer; its other complaints become the form's message. */
  fields: readonly Path<z.input<Schema>>[];
  /** Sends the checked input; a throw shows the server's answer on the form. */
  send: (
    input: z.output<Schema>,
    form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>,
  ) => Promise<void>;
}

/**
 * The one way a form talks to the server: validated against the shared contract, sent once checked,
 * the server's per-field messages under their inputs and anything else as the form's message.
 */
export function useServerForm<Schema extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  fields,
  send,
}: ServerFormOptions<Schema>) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: formResolver(schema),
    defaultValues,
  });
  const [error, setError] = useState<string | null>(null);
  // The error itself, for forms that say more than its message (checkout names the part that ran out).
  const [failure, setFailure] = useState<unknown>(null);
  const submit = form.handleSubmit(async (input) => {
    try {
      await send(input, form);
    } catch (caught) {
      const message = applyServerErrors(caught, fields, form.setError);
      setError(message);
      setFailure(message === null ? null : caught);
    }
  });
  // Each attempt starts clean: what the server said about the last one goes before the fields are
  // checked, so it never stands beside new field messages it no longer explains.
  const onSubmit = (event?: BaseSyntheticEvent) => {
    setError(null);
    setFailure(null);
    return submit(event);
  };
  /** What a TextField or SelectField needs for one field: its registration and its message. */
  const field = (name: Path<z.input<Schema>>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  return { form, error, failure, onSubmit, field };
}
