import type { Profile } from '../../../../shared/contracts/profile';
import { CardSection } from '../../../components/ui/card-section';
import { ContactField } from '../../../components/ui/contact-field';
import { FormEnd } from '../../../components/ui/form-feedback';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/notify';
import { useServerForm } from '../../../lib/use-server-form';
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
    schema: () =>
      import('../../../../shared/contracts/profile').then((contract) => contract.profileInputSchema),
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
