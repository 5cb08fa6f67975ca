import { Controller } from 'react-hook-form';
import { ContactField } from '../../../components/ui/contact-field';
import { FormEnd } from '../../../components/ui/form-feedback';
import { StarRatingInput } from '../../../components/ui/star-rating-input';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/notify';
import { useServerForm } from '../../../lib/use-server-form';
import { useAddReview } from '../api/review-actions';

const FIELDS = ['name', 'location', 'rating', 'review'] as const;

/** Add a Review: name prefilled from the profile, a 1–5 star rating, and the text. */
export function AddReviewForm({
  defaultName,
  defaultLocation,
}: {
  defaultName: string;
  defaultLocation: string;
}) {
  const empty = { name: defaultName, location: defaultLocation, rating: 0, review: '' };
  const add = useAddReview();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('../../../../shared/contracts/review').then((contract) => contract.reviewInputSchema),
    defaultValues: empty,
    fields: FIELDS,
    send: async (input, form) => {
      await add.mutateAsync(input);
      notify.success('Thank you! Your review is on the home page.');
      form.reset(empty);
    },
  });
  const { errors } = form.formState;

  return (
    <section aria-labelledby="review-heading" className="card max-w-2xl bg-base-100 shadow">
      <form noValidate onSubmit={onSubmit} className="card-body gap-4">
        <h1 id="review-heading" className="card-title text-2xl">
          Give us your most precious review
        </h1>
        <div className="grid gap-4 sm:grid-cols-2">
          <ContactField kind="name" {...field('name')} />
          <ContactField kind="location" {...field('location')} />
        </div>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              value={Number(field.value) || 0}
              onChange={field.onChange}
              error={errors.rating?.message}
            />
          )}
        />
        <TextField label="Review" multiline rows={5} {...field('review')} />
        <FormEnd form={form} error={error} buttonClassName="self-start">
          Add Review
        </FormEnd>
      </form>
    </section>
  );
}
