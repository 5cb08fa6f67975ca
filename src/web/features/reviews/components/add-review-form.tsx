import { Controller } from 'react-hook-form';
import { ContactField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { StarRatingInput } from '#web/components/ui/star-rating-input.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
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
    schema: () => import('#shared/contracts/review.ts').then((contract) => contract.reviewInputSchema),
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
