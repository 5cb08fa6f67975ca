import { useEffect } from 'react';
import type { Laptop } from '#shared/contracts/laptop.ts';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { listFieldMessage } from '#web/lib/list-field-message.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { splitAliasesText } from '../split-aliases';

/** A model's fields as the form checks them (laptop-form-schema.ts), aliases as a list. */
export interface LaptopValues {
  brand: string;
  series: string;
  name: string;
  years: string;
  aliases: string[];
}

const FIELDS = ['brand', 'series', 'name', 'years', 'aliases'] as const;
const EMPTY = { brand: '', series: '', name: '', years: '', aliases: '' };

interface LaptopFormProps {
  /** The model being edited; none: a new one. */
  laptop?: Laptop;
  submitLabel: string;
  /** Sends the checked values; resolves when saved (a throw shows the server's answer on the form). */
  onSave: (values: LaptopValues) => Promise<unknown>;
  /** Takes the keyboard when drawn (the form of a model to edit, opened from its row). */
  autoFocus?: boolean;
  /** Where the form's heading is, naming it. */
  labelledBy: string;
}

/** Adding or editing a laptop model: brand, series, whole name, years and aliases (comma separated). */
export function LaptopForm({ laptop, submitLabel, onSave, autoFocus = false, labelledBy }: LaptopFormProps) {
  const initial = laptop ? { ...laptop, aliases: laptop.aliases.join(', ') } : EMPTY;
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('../laptop-form-schema').then((module) =>
        module.laptopFormSchema({ keepYears: Boolean(laptop?.years) }),
      ),
    defaultValues: initial,
    fields: FIELDS,
    send: async (values, form) => {
      await onSave(values as LaptopValues);
      if (!laptop) form.reset(EMPTY);
    },
  });
  useEffect(() => {
    if (autoFocus) form.setFocus('brand');
  }, [autoFocus, form]);

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Brand"
        placeholder="e.g. Lenovo"
        autoComplete="off"
        maxLength={40}
        {...field('brand')}
      />
      <TextField
        label="Series"
        placeholder="e.g. ThinkPad T"
        autoComplete="off"
        maxLength={60}
        {...field('series')}
      />
      <TextField
        label="Name"
        placeholder="e.g. Lenovo ThinkPad T480"
        autoComplete="off"
        maxLength={100}
        className="sm:col-span-2"
        hint={
          laptop
            ? `The whole name shoppers know. Its address stays ${laptop.slug}, so links and saved laptops keep working.`
            : 'The whole name shoppers know, brand included; the model’s address is made from it.'
        }
        {...field('name')}
      />
      <TextField
        label="Years"
        placeholder="e.g. 2018–2019"
        autoComplete="off"
        maxLength={20}
        hint={laptop?.years ? 'May be changed, not emptied.' : 'Optional.'}
        {...field('years')}
      />
      <TextField
        label="Aliases"
        placeholder="e.g. 20L5, 20L6"
        autoComplete="off"
        hint="Optional: machine types or other names shoppers search by, separated by commas."
        {...field('aliases')}
        error={listFieldMessage(form.formState.errors.aliases, splitAliasesText(form.getValues('aliases')))}
      />
      <FormEnd form={form} error={error} wide>
        {submitLabel}
      </FormEnd>
    </form>
  );
}
