import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PartInput } from '../../../../shared/contracts/part-input';
import { FormError } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { formResolver } from '../../../lib/form-resolver';

const FIELDS = ['name', 'price', 'minimum', 'available', 'description', 'img'] as const;
export const EMPTY_PART: PartInput = {
  name: '',
  price: '',
  minimum: '',
  available: '',
  description: '',
  img: '',
};

interface PartFormProps {
  initial: PartInput;
  submitLabel: string;
  /** Sends the form as entered (the spec's create shape); resolves when saved. */
  onSave: (input: PartInput) => Promise<unknown>;
  /** After a successful save: the add form clears itself, the edit form closes. */
  onSaved: () => void;
  resetAfterSave?: boolean;
}

/** The spec's product form (Add a Product; also used to edit), validated here and on the server. */
export function PartForm({ initial, submitLabel, onSave, onSaved, resetAfterSave = false }: PartFormProps) {
  const form = useForm<PartInput>({
    resolver: formResolver(() =>
      import('../../../../shared/contracts/part-input').then((contract) => contract.partInputSchema),
    ) as never,
    defaultValues: initial,
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { errors } = form.formState;
  const message = (field: (typeof FIELDS)[number]) => errors[field]?.message as string | undefined;

  const onSubmit = form.handleSubmit(async () => {
    setError(null);
    setSaving(true);
    try {
      await onSave(form.getValues());
      if (resetAfterSave) form.reset(EMPTY_PART);
      onSaved();
    } catch (failure) {
      setError(applyServerErrors(failure, FIELDS, form.setError));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Name"
        placeholder="Your Name"
        error={message('name')}
        className="sm:col-span-2"
        {...form.register('name')}
      />
      <TextField
        label="Price"
        placeholder="Price in dollars, e.g. 19.99"
        inputMode="decimal"
        error={message('price')}
        {...form.register('price')}
      />
      <TextField label="Image" placeholder="Photo Url" error={message('img')} {...form.register('img')} />
      <TextField
        label="Minimum"
        placeholder="Minimum Quantity"
        inputMode="numeric"
        error={message('minimum')}
        {...form.register('minimum')}
      />
      <TextField
        label="Available"
        placeholder="Available Quantity"
        inputMode="numeric"
        error={message('available')}
        {...form.register('available')}
      />
      <TextField
        label="Description"
        multiline
        className="sm:col-span-2"
        error={message('description')}
        {...form.register('description')}
      />
      <FormError message={error} errors={form.formState.errors} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
