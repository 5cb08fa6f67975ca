import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SitePageText } from '#shared/contracts/site-page.ts';
import { MAX_SITE_PAGE_TEXT, SITE_PAGES, type SitePage, sitePageOf } from '#shared/site-pages.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { formatDayAndTime } from '#web/lib/format-date.ts';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useSitePage } from '../api/get-site-page';
import { useSaveSitePage } from '../api/save-site-page';
import { UnsavedChangesGuard } from './unsaved-changes';

const characters = new Intl.NumberFormat('en-US');

/**
 * Admins: the text of the footer's pages (About us, Returns & warranty…). The page being edited is in
 * the address (`?page=returns`), so a reload or a shared link opens the same one; switching to another
 * page or leaving the dashboard page with unsaved changes asks first.
 */
export function EditSitePages() {
  const [params, setParams] = useSearchParams();
  const chosen = sitePageOf(params.get('page') ?? '') ?? SITE_PAGES[0];
  const text = useSitePage(chosen.slug);
  const [unsaved, setUnsaved] = useState(false);
  const [switchTo, setSwitchTo] = useState<SitePage | null>(null);
  const open = (page: SitePage) => {
    setSwitchTo(null);
    setUnsaved(false);
    setParams({ page: page.slug }, { replace: true });
  };

  return (
    <DashboardPage headingId="site-pages-heading" title="Shop pages" spacious>
      <p className="max-w-3xl opacity-80">
        The pages the footer links to. Their titles are fixed; their text is yours. Write plain text: leave a
        blank line between paragraphs, and start a line with “- ” to make it an item of a list.
      </p>
      <SelectField
        label="Page to edit"
        className="max-w-xs"
        value={chosen.slug}
        onChange={(event) => {
          const page = sitePageOf(event.target.value);
          if (!page || page.slug === chosen.slug) return;
          if (unsaved) setSwitchTo(page);
          else open(page);
        }}
      >
        {SITE_PAGES.map((page) => (
          <option key={page.slug} value={page.slug}>
            {page.title}
          </option>
        ))}
      </SelectField>
      <QueryView query={text} loadingLabel="Loading the page…" errorTitle="The page could not be loaded.">
        {(loaded) => <SitePageForm key={loaded.slug} page={loaded} onUnsavedChange={setUnsaved} />}
      </QueryView>
      <ConfirmDialog
        subject={switchTo}
        title="Discard your changes?"
        message={(next) => `Your changes to ${chosen.title} are not saved. Open ${next.title} and lose them?`}
        confirmLabel="Discard changes"
        onConfirm={open}
        onCancel={() => setSwitchTo(null)}
      />
    </DashboardPage>
  );
}

function SitePageForm({
  page,
  onUnsavedChange,
}: {
  page: SitePageText;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const save = useSaveSitePage();
  const [savedAt, setSavedAt] = useState(page.updatedAt);
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/site-page.ts').then((contract) => contract.sitePageInputSchema),
    defaultValues: { body: page.body },
    fields: ['body'],
    send: async ({ body }, form) => {
      const saved = await save.mutateAsync({ slug: page.slug, body });
      form.reset({ body: saved.body });
      setSavedAt(saved.updatedAt);
      notify.success(`${page.title} was saved.`);
    },
  });
  const dirty = form.formState.isDirty;
  useEffect(() => onUnsavedChange(dirty), [dirty, onUnsavedChange]);
  const length = (form.watch('body') ?? '').length;
  const path = SITE_PAGES.find((known) => known.slug === page.slug)?.path ?? '/';

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-3xl flex-col gap-4">
      {/* Here, not in the page around it: it knows of changes on the draw that shows them. */}
      <UnsavedChangesGuard unsaved={dirty} what={page.title} />
      <TextField
        multiline
        rows={18}
        label={`Text of ${page.title}`}
        maxLength={MAX_SITE_PAGE_TEXT}
        hint={`${characters.format(length)} of ${characters.format(MAX_SITE_PAGE_TEXT)} characters`}
        {...field('body')}
      />
      <FormError message={error} errors={form.formState.errors} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={form.formState.isSubmitting} disabled={!dirty}>
          Save
        </SubmitButton>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={!dirty || form.formState.isSubmitting}
          onClick={() => form.reset()}
        >
          Discard changes
        </button>
        <Link to={path} className="link">
          View the page
        </Link>
        <p role="status" className="text-sm">
          {dirty
            ? 'Unsaved changes.'
            : savedAt
              ? `Last saved ${formatDayAndTime(savedAt)}.`
              : 'The shop’s default text: not saved yet.'}
        </p>
      </div>
    </form>
  );
}
