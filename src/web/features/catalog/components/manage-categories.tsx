import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Category } from '../../../../shared/contracts/category';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { FormError, SubmitButton } from '../../../components/ui/form-feedback';
import { QueryView } from '../../../components/ui/query-view';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useServerForm } from '../../../lib/use-server-form';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { useRenameCategory } from '../api/rename-category';

/** The longest category name the shop keeps (contracts/category.ts). */
const MAX_NAME = 60;

/** A failed save as a message for the form and one for its name field (the server's words for both). */
function saveFailure(error: unknown): { form: string | null; name: string | undefined } {
  if (error instanceof ApiError) {
    const field = error.fields.name ?? error.fields.slug;
    return { form: field && error.status === 400 ? null : error.message, name: field };
  }
  return { form: errorMessage(error), name: undefined };
}

/** Categories for the admins: add, rename (the address stays), and delete the empty ones. */
export function ManageCategories() {
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const renameButtons = useRef(new Map<string, HTMLButtonElement>());
  // Done renaming (saved or cancelled): the keyboard goes back where it was.
  const stopRenaming = (slug: string) => {
    setRenaming(null);
    renameButtons.current.get(slug)?.focus();
  };

  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting.slug, {
      onSuccess: () => {
        notify.success(`The category ${deleting.name} was deleted.`);
        closeDelete();
      },
      // The dialog stays open with the reason, e.g. the parts the category still holds.
      onError: (error) => setDeleteError(errorMessage(error)),
    });
  };

  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-6">
      <h1 id="categories-heading" className="text-2xl font-bold">
        Manage Categories
      </h1>
      <AddCategoryForm />
      <div className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">Categories</h2>
        <QueryView
          query={categories}
          loadingLabel="Loading categories…"
          errorTitle="The categories could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="opacity-80">No categories yet.</p>}
        >
          {(list) => (
            <DataTable
              rows={list}
              rowKey={(category) => category.slug}
              columns={[
                {
                  header: 'Name',
                  cell: (category) =>
                    renaming === category.slug ? (
                      <RenameForm category={category} onDone={() => stopRenaming(category.slug)} />
                    ) : (
                      category.name
                    ),
                },
                { header: 'Address', labelOnPhones: true, cell: (category) => <code>{category.slug}</code> },
                { header: 'Parts', labelOnPhones: true, cell: (category) => category.count },
                {
                  header: 'Actions',
                  hideHeader: true,
                  cell: (category) => (
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className="btn btn-sm"
                        aria-label={`Rename ${category.name}`}
                        ref={(button) => {
                          if (button) renameButtons.current.set(category.slug, button);
                          else renameButtons.current.delete(category.slug);
                        }}
                        onClick={() => setRenaming(category.slug)}
                      >
                        Rename
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline btn-danger"
                        aria-label={`Delete ${category.name}`}
                        onClick={() => setDeleting(category)}
                      >
                        Delete
                      </button>
                    </div>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this category?"
        message={deleting ? `${deleting.name} will be removed from the shop.` : ''}
        confirmLabel="Delete category"
        pending={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      />
    </section>
  );
}

function AddCategoryForm() {
  const create = useCreateCategory();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('../../../../shared/contracts/category').then((contract) => contract.categoryInputSchema),
    defaultValues: { name: '' },
    fields: ['name'],
    send: async (input, form) => {
      const category = await create.mutateAsync({ name: input.name });
      notify.success(`The category ${category.name} was added.`);
      form.reset({ name: '' });
    },
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="add-category-heading"
      className="card bg-base-100 shadow"
    >
      <div className="card-body gap-3">
        <h2 id="add-category-heading" className="card-title">
          Add a category
        </h2>
        <div className="flex flex-wrap items-start gap-3">
          <TextField
            label="Name"
            maxLength={MAX_NAME}
            autoComplete="off"
            className="w-full sm:max-w-sm"
            {...field('name')}
          />
          <SubmitButton pending={form.formState.isSubmitting} className="sm:mt-7">
            Add Category
          </SubmitButton>
        </div>
        <FormError message={error} errors={form.formState.errors} />
      </div>
    </form>
  );
}

function RenameForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const rename = useRenameCategory();
  const id = useId();
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The admin just asked to rename this row: the new name is typed here.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Name is required');
    if (trimmed === category.name) return onDone();
    setError(null);
    rename.mutate(
      { slug: category.slug, name: trimmed },
      {
        onSuccess: (renamed) => {
          notify.success(`${category.name} is now called ${renamed.name}.`);
          onDone();
        },
        onError: (failure) => setError(saveFailure(failure).name ?? errorMessage(failure)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        New name for {category.name}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={id}
          className={`input input-sm w-48 ${error ? 'input-error' : ''}`}
          value={name}
          maxLength={MAX_NAME}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit" className="btn btn-sm btn-primary" disabled={rename.isPending}>
          Save
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
