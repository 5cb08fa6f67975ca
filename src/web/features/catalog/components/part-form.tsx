import { useState } from 'react';
import type { Path } from 'react-hook-form';
import type { PartInput } from '#shared/contracts/part-input.ts';
import {
  CONDITION_LABELS,
  DEFAULT_WARRANTY_MONTHS,
  MAX_PART_NUMBERS,
  MAX_WARRANTY_MONTHS,
  PART_CONDITIONS,
} from '#shared/part-numbers.ts';
import { CATEGORY_SPECS, specsOf } from '#shared/part-specs.ts';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { listFieldMessage } from '#web/lib/list-field-message.ts';
import type { PartDetail } from '#web/lib/part.ts';
import { useCategories } from '#web/lib/queries/get-categories.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { specsOfForm } from '../specs-of-form';
import { ImageUpload } from './image-upload';
import { SpecFields } from './spec-fields';

const FIELDS = [
  'name',
  'price',
  'minimum',
  'available',
  'description',
  'img',
  'category',
  'partNumbers',
  'condition',
  'warrantyMonths',
] as const;

/**
 * The fields the server may name: a refused spec is `specs.<key>`, and only the chosen category's specs
 * are sent, so its message lands under a field on screen.
 */
const FORM_FIELDS: readonly Path<PartInput>[] = [
  ...FIELDS,
  ...new Set(
    Object.values(CATEGORY_SPECS).flatMap((specs) => specs.map((spec) => `specs.${spec.key}` as const)),
  ),
];

/** The form's values: every field as entered text, the specs by key (see spec-fields.tsx). */
export type PartFormValues = PartInput & {
  partNumbers: string;
  condition: string;
  warrantyMonths: string;
  specs: Record<string, string>;
};

export const EMPTY_PART: PartFormValues = {
  name: '',
  price: '',
  minimum: '',
  available: '',
  description: '',
  img: '',
  category: '',
  partNumbers: '',
  condition: 'new',
  warrantyMonths: String(DEFAULT_WARRANTY_MONTHS),
  specs: {},
};

/** A part as the edit form starts from: what the shop holds, as the add form would have it typed. */
export function partFormValues(part: PartDetail): PartFormValues {
  return {
    name: part.name,
    price: (part.priceCents / 100).toFixed(2),
    minimum: String(part.minimumQuantity),
    available: String(part.availableQuantity),
    description: part.description,
    img: part.img,
    category: part.category,
    partNumbers: part.partNumbers.join('\n'),
    condition: part.condition,
    warrantyMonths: String(part.warrantyMonths),
    specs: Object.fromEntries(
      Object.entries(part.specs).map(([key, value]) => [
        key,
        typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value),
      ]),
    ),
  };
}

/** What is sent: the form as entered, with only the chosen category's specs that were filled in. */
const toPartInput = (values: PartFormValues): PartInput => ({
  ...values,
  specs: specsOfForm(values.category, values.specs),
});

/** The part numbers as the contract splits the text typed (contracts/part-input.ts). */
const typedPartNumbers = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split(/[\n,]/)
        .map((number) => number.trim())
        .filter(Boolean)
    : [];

interface PartFormProps {
  initial: PartFormValues;
  submitLabel: string;
  /** Sends the form as entered (the create shape, docs/product.md); resolves when saved. */
  onSave: (input: PartInput) => Promise<unknown>;
  /** After a successful save: the add form clears itself, the edit form closes. */
  onSaved: () => void;
  resetAfterSave?: boolean;
}

/** The product form (Add a Product; also used to edit), validated here and on the server. */
export function PartForm({ initial, submitLabel, onSave, onSaved, resetAfterSave = false }: PartFormProps) {
  const categories = useCategories();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('../part-form-schema').then((module) => module.partFormSchema),
    defaultValues: initial,
    fields: FORM_FIELDS,
    // Sent as entered (the create shape the API documents); the server checks it the same way.
    send: async (_checked, form) => {
      await onSave(toPartInput(form.getValues() as PartFormValues));
      if (resetAfterSave) form.reset(EMPTY_PART);
      onSaved();
    },
  });
  const [uploading, setUploading] = useState(false);
  // The spec fields follow the category chosen.
  const category = form.watch('category');
  const specs = specsOf(category);
  const categoryName = categories.data?.find((candidate) => candidate.slug === category)?.name ?? category;

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
      <SelectField label="Condition" {...field('condition')}>
        {PART_CONDITIONS.map((condition) => (
          <option key={condition} value={condition}>
            {CONDITION_LABELS[condition]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Warranty (months)"
        inputMode="numeric"
        autoComplete="off"
        hint={`0 for none, at most ${MAX_WARRANTY_MONTHS}`}
        {...field('warrantyMonths')}
      />
      <TextField
        label="Part numbers"
        multiline
        rows={3}
        className="sm:col-span-2"
        hint={`One per line, as printed on the part or its label (FRU, DP/N, spare or panel number), e.g. 01AV427. Up to ${MAX_PART_NUMBERS}; shoppers find the part by any of them, with or without dashes.`}
        {...field('partNumbers')}
        error={listFieldMessage(
          form.formState.errors.partNumbers,
          typedPartNumbers(form.getValues('partNumbers')),
        )}
      />
      <SpecFields
        categoryName={categoryName}
        specs={specs}
        field={(key) => field(`specs.${key}` as Path<PartInput>)}
      />
      <TextField label="Description" multiline className="sm:col-span-2" {...field('description')} />
      <FormEnd form={form} error={error} wide disabled={uploading}>
        {submitLabel}
      </FormEnd>
    </form>
  );
}
