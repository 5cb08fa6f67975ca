import type { Profile } from '#shared/contracts/profile.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { ContactField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useProfile } from '../api/get-profile';
import { useSaveProfile } from '../api/save-profile';

const FIELDS = ['name', 'address', 'location', 'phone'] as const;

/** My Profile: its form, prefilled from what was saved (or from the account). */
export function ProfileSection() {
  const profile = useProfile();
  return (
    <CardSection headingId="profile-heading" title="My Profile" page>
      {profile.isPending ? (
        <Spinner label="Loading your profile…" />
      ) : profile.isError ? (
        <QueryError
          title="Your profile could not be loaded."
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </CardSection>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/profile.ts').then((contract) => contract.profileInputSchema),
    defaultValues: {
      name: profile.name,
      address: profile.address,
      location: profile.location,
      phone: profile.phone,
    },
    fields: FIELDS,
    send: async (input, form) => {
      const saved = await save.mutateAsync(input);
      form.reset({ name: saved.name, address: saved.address, location: saved.location, phone: saved.phone });
      notify.success('Your profile is saved.');
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Email"
        type="email"
        value={profile.email}
        readOnly
        disabled
        className="sm:col-span-2"
      />
      <ContactField kind="name" {...field('name')} />
      <ContactField kind="phone" {...field('phone')} />
      <ContactField kind="address" className="sm:col-span-2" {...field('address')} />
      <ContactField kind="location" {...field('location')} />
      <FormEnd form={form} error={error} wide>
        Add Profile
      </FormEnd>
    </form>
  );
}
