import { useState } from 'react';
import type { PartInput } from '../../../../shared/contracts/part-input';
import { FormEnd } from '../../../components/ui/form-feedback';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useServerForm } from '../../../lib/use-server-form';
import { useCategories } from '../api/get-categories';
import { ImageUpload } from './image-upload';

const FIELDS = ['name', 'price', 'minimum', 'available', 'description', 'img', 'category'] as const;
export const EMPTY_PART: PartInput = {
  name: '',
  price: '',
  minimum: '',
  available: '',
  description: '',
  img: '',
  category: '',
};

interface PartFormProps {
  initial: PartInput;
  submitLabel: string;
  /** Sends the form as entered (the create shape, docs/product.md); resolves when saved. */
  onSave: (input: PartInput) => Promise<unknown>;
  /** After a successful save: the add form clears itself, the edit form closes. */
  onSaved: () => void;
  resetAfterSave?: boolean;
}

/** The product form (Add a Product; also used to edit), validated here and on the server. */
export function PartForm({ initial, submitLabel, onSave, onSaved, resetAfterSave = false }: PartFormProps) {
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('../../../../shared/contracts/part-input').then((contract) => contract.partInputSchema),
    defaultValues: initial,
    fields: FIELDS,
    // Sent as entered (the create shape the API documents); the server checks it the same way.
    send: async (_checked, form) => {
      await onSave(form.getValues());
      if (resetAfterSave) form.reset(EMPTY_PART);
      onSaved();
    },
  });
  const [uploading, setUploading] = useState(false);
  const categories = useCategories();

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" placeholder="Your Name" className="sm:col-span-2" {...field('name')} />
      <TextField
        label="Price"
        placeholder="Price in dollars, e.g. 19.99"
        inputMode="decimal"
        {...field('price')}
      />
      <div className="flex flex-col gap-3">
        <TextField label="Image" placeholder="Photo Url" {...field('img')} />
        <ImageUpload
          value={form.watch('img')}
          onUploaded={(url) => form.setValue('img', url, { shouldDirty: true, shouldValidate: true })}
          onBusyChange={setUploading}
        />
      </div>
      <SelectField label="Category" {...field('category')}>
        <option value="">{categories.isPending ? 'Loading categories…' : 'Choose a category'}</option>
        {categories.data?.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Minimum" placeholder="Minimum Quantity" inputMode="numeric" {...field('minimum')} />
      <TextField
        label="Available"
        placeholder="Available Quantity"
        inputMode="numeric"
        {...field('available')}
      />
      <TextField label="Description" multiline className="sm:col-span-2" {...field('description')} />
      <FormEnd form={form} error={error} wide disabled={uploading}>
        {submitLabel}
      </FormEnd>
    </form>
  );
}
