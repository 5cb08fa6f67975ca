import { Controller } from 'react-hook-form';
import type { ForLaptop } from '#shared/contracts/laptop.ts';
import type { PartReview } from '#shared/contracts/part-review.ts';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { StarRatingInput } from '#web/components/ui/star-rating-input.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useSavePartReview } from '../api/part-reviews';

const FIELDS = ['rating', 'text', 'laptop'] as const;

interface ReviewFormProps {
  partId: string;
  /** The review the customer wrote, to edit; null for a first one. */
  review: PartReview | null;
  /** The laptops offered for "Fitted my …": the order line's, the shopper's and those the part fits. */
  laptops: ForLaptop[];
  /** The one chosen first: the review's, else the order line's. */
  defaultLaptop: string;
}

/** A buyer's review of a part: stars, their words, and the laptop it went into (optional). */
export function ReviewForm({ partId, review, laptops, defaultLaptop }: ReviewFormProps) {
  const save = useSavePartReview(partId);
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('#shared/contracts/part-review.ts').then((contract) => contract.partReviewInputSchema),
    defaultValues: { rating: review?.rating ?? 0, text: review?.text ?? '', laptop: defaultLaptop },
    fields: FIELDS,
    send: async (input) => {
      await save.mutateAsync(input);
      notify.success(review ? 'Your review was saved.' : 'Thank you: your review is on the part’s page.');
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-4" aria-label="Your review">
      <Controller
        control={form.control}
        name="rating"
        render={({ field: rating }) => (
          <StarRatingInput
            value={Number(rating.value) || 0}
            onChange={rating.onChange}
            error={errors.rating?.message}
          />
        )}
      />
      <TextField label="Your review" multiline rows={4} {...field('text')} />
      <SelectField label="Fitted my laptop (optional)" {...field('laptop')}>
        <option value="">Not said</option>
        {laptops.map((laptop) =>
          laptop ? (
            <option key={laptop.slug} value={laptop.slug}>
              {laptop.name}
            </option>
          ) : null,
        )}
      </SelectField>
      <FormEnd form={form} error={error} buttonClassName="self-start">
        {review ? 'Save review' : 'Post review'}
      </FormEnd>
    </form>
  );
}
