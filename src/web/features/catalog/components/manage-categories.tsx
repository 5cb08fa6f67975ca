import { useEffect, useId, useRef, useState } from 'react';
import type { Category } from '#shared/contracts/category.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { FieldError } from '#web/components/ui/field-error.tsx';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useConfirm } from '#web/components/ui/use-confirm.ts';
import { notify } from '#web/lib/notify.tsx';
import { useCategories } from '#web/lib/queries/get-categories.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useRenameCategory } from '../api/rename-category';

/** The longest category name the shop keeps (contracts/category.ts). */
const MAX_NAME = 60;

/** Categories for the admins: add, rename (the address stays), and delete the empty ones. */
export function ManageCategories() {
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [renaming, setRenaming] = useState<string | null>(null);
  const deleting = useConfirm<Category>();
  const renameButtons = useRef(new Map<string, HTMLButtonElement>());
  // Done renaming (saved or cancelled): the keyboard goes back where it was.
  const stopRenaming = (slug: string) => {
    setRenaming(null);
    renameButtons.current.get(slug)?.focus();
  };

  const confirmDelete = (category: Category) => {
    deleting.setError(null);
    remove.mutate(category.slug, {
      onSuccess: () => {
        notify.success(`The category ${category.name} was deleted.`);
        deleting.succeeded(category);
      },
      // The dialog stays open with the reason, e.g. the parts the category still holds.
      onError: (error) => deleting.failed(category, error),
    });
  };

  return (
    <DashboardPage headingId="categories-heading" title="Manage Categories" spacious>
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
                        onClick={() => deleting.ask(category)}
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
        subject={deleting.subject}
        title="Delete this category?"
        message={(category) => `${category.name} will be removed from the shop.`}
        confirmLabel="Delete category"
        pending={remove.isPending}
        error={deleting.error}
        onConfirm={confirmDelete}
        onCancel={deleting.close}
      />
    </DashboardPage>
  );
}

function AddCategoryForm() {
  const create = useCreateCategory();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/category.ts').then((contract) => contract.categoryInputSchema),
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
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/category.ts').then((contract) => contract.categoryRenameSchema),
    defaultValues: { name: category.name },
    fields: ['name'],
    send: async ({ name }) => {
      if (name === category.name) return onDone();
      const renamed = await rename.mutateAsync({ slug: category.slug, name });
      notify.success(`${category.name} is now called ${renamed.name}.`);
      onDone();
    },
  });
  // The admin just asked to rename this row: the new name is typed here.
  useEffect(() => form.setFocus('name', { shouldSelect: true }), [form]);
  const { error: nameError, ...name } = field('name');
  const message = nameError ?? error;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        New name for {category.name}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          className={`input input-sm w-48 ${message ? 'input-error' : ''}`}
          maxLength={MAX_NAME}
          autoComplete="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          {...name}
        />
        <SubmitButton className="btn-sm" pending={form.formState.isSubmitting}>
          Save
        </SubmitButton>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
      <FieldError id={`${id}-error`} message={message ?? undefined} />
    </form>
  );
}
