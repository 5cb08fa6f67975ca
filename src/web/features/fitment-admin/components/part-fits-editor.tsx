import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { type Fit, type Laptop, MAX_FIT_NOTE, MAX_FITS_PER_PART } from '#shared/contracts/laptop.ts';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { FieldError } from '#web/components/ui/field-error.tsx';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { notify } from '#web/lib/notify.tsx';
import type { PartDetail } from '#web/lib/part.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { usePartFits } from '../api/get-part-fits';
import { useSavePartFits } from '../api/save-part-fits';
import { LaptopPicker } from './laptop-picker';

/** The server names a refused note by its place (`models.2.note`); unknown models are the form's message. */
const NOTE_FIELDS = Array.from({ length: MAX_FITS_PER_PART }, (_, index) => `models.${index}.note` as const);

const modelsCount = (count: number) => `${count} laptop ${count === 1 ? 'model' : 'models'}`;

/** The list as the form holds it: each fit's model and its note as typed ('' for none). */
const formModels = (fits: Fit[]) => fits.map((fit) => ({ slug: fit.slug, note: fit.note ?? '' }));

/**
 * A part's fits, for admins: the laptop models it fits, each with an optional note shoppers see before
 * buying; models found by search are added, any may be removed, and the list is saved as a whole.
 */
export function PartFitsEditor({ partId }: { partId: string }) {
  const part = usePartFits(partId);
  const name = part.data?.name;
  useDocumentTitle(name ? `Fits of ${name}` : 'Fits of a part');

  return (
    <DashboardPage headingId="fits-heading" title={name ? `Fits of ${name}` : 'Fits of a part'} spacious>
      <Link to="/dashboard/manage" className="link self-start">
        Back to Manage All Product
      </Link>
      <QueryView query={part} loadingLabel="Loading the part…" errorTitle="The part could not be loaded.">
        {(loaded) => <FitsForm key={loaded._id} part={loaded} />}
      </QueryView>
    </DashboardPage>
  );
}

function FitsForm({ part }: { part: PartDetail }) {
  const save = useSavePartFits();
  // The models' names, by address: those listed when the page opened and those added since.
  const [names, setNames] = useState(() => new Map(part.fits.map((fit) => [fit.slug, fit.name])));
  const [saved, setSaved] = useState<string | null>(null);
  const { form, error, onSubmit } = useServerForm({
    schema: () => import('#shared/contracts/laptop.ts').then((contract) => contract.fitsInputSchema),
    defaultValues: { models: formModels(part.fits) },
    fields: NOTE_FIELDS,
    send: async ({ models }, form) => {
      const kept = await save.mutateAsync({ partId: part._id, models });
      form.reset({ models: formModels(kept) });
      setNames(new Map(kept.map((fit) => [fit.slug, fit.name])));
      setSaved(`Saved: ${part.name} fits ${modelsCount(kept.length)}.`);
      notify.success('The fits were saved.');
    },
  });
  const models = useFieldArray({ control: form.control, name: 'models' });
  const listed = new Set(models.fields.map((model) => model.slug));
  const dirty = form.formState.isDirty;
  const nameOf = (slug: string) => names.get(slug) ?? slug;

  const add = (laptop: Laptop, note: string) => {
    setNames((current) => new Map(current).set(laptop.slug, laptop.name));
    models.append({ slug: laptop.slug, note }, { shouldFocus: false });
    setSaved(null);
  };
  const discard = () => {
    form.reset();
    setSaved(null);
  };

  return (
    <>
      <p className="max-w-3xl opacity-80">
        The laptop models {part.name} fits. A note says what shoppers must know before buying, such as “not
        the touch version” or “needs the 40-pin cable”. Changes are kept once you save the list.
      </p>
      <LaptopPicker listed={listed} onAdd={add} />
      <form noValidate onSubmit={onSubmit} aria-labelledby="listed-heading" className="flex flex-col gap-4">
        <h2 id="listed-heading" className="text-xl font-semibold">
          Listed models ({models.fields.length})
        </h2>
        {models.fields.length === 0 ? (
          <p className="opacity-80">
            No laptop models are listed: shoppers are not told which laptops this part fits.
          </p>
        ) : (
          <DataTable
            rows={models.fields}
            rowKey={(model) => model.id}
            columns={[
              {
                header: 'Laptop model',
                className: 'font-semibold sm:font-normal',
                cell: (model) => nameOf(model.slug),
              },
              {
                header: 'Note',
                cell: (model, index) => {
                  const fieldId = `fit-note-${model.id}`;
                  const message = form.formState.errors.models?.[index]?.note?.message;
                  return (
                    <div className="flex flex-col gap-1">
                      <label htmlFor={fieldId} className="sr-only">
                        Note for {nameOf(model.slug)}
                      </label>
                      <input
                        id={fieldId}
                        className={`input input-sm w-full min-w-48 ${message ? 'input-error' : ''}`}
                        maxLength={MAX_FIT_NOTE}
                        autoComplete="off"
                        placeholder="No note"
                        aria-invalid={message ? true : undefined}
                        aria-describedby={message ? `${fieldId}-error` : undefined}
                        {...form.register(`models.${index}.note`)}
                      />
                      <FieldError id={`${fieldId}-error`} message={message} />
                    </div>
                  );
                },
              },
              {
                header: 'Actions',
                hideHeader: true,
                cell: (model, index) => (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-danger"
                    aria-label={`Remove ${nameOf(model.slug)}`}
                    onClick={() => {
                      models.remove(index);
                      setSaved(null);
                    }}
                  >
                    Remove
                  </button>
                ),
              },
            ]}
          />
        )}
        <FormError message={error} errors={form.formState.errors} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={form.formState.isSubmitting} disabled={!dirty}>
            Save fits
          </SubmitButton>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={!dirty || form.formState.isSubmitting}
            onClick={discard}
          >
            Discard changes
          </button>
          <p role="status" className="text-sm">
            {dirty ? 'Unsaved changes.' : (saved ?? '')}
          </p>
        </div>
      </form>
    </>
  );
}
