import type { FeedbackInput } from '#shared/contracts/feedback.ts';
import { ContactField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useSendFeedback } from '../api/send-feedback';

const FIELDS = ['name', 'email', 'location', 'message'] as const;
const EMPTY: FeedbackInput = { name: '', email: '', location: '', message: '' };

/** The home page's feedback form: validated here and on the server; reset after a confirmed send. */
export function FeedbackForm() {
  const send = useSendFeedback();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/feedback.ts').then((contract) => contract.feedbackInputSchema),
    defaultValues: EMPTY,
    fields: FIELDS,
    send: async (input, form) => {
      await send.mutateAsync(input);
      notify.success('Thank you! Your message has been sent.');
      form.reset(EMPTY);
    },
  });

  return (
    <section aria-labelledby="feedback-heading" className="mx-auto max-w-3xl px-4 py-12">
      <h2 id="feedback-heading" className="mb-2 text-center text-3xl font-bold">
        Send us your feedback
      </h2>
      <p className="mb-6 text-center opacity-80">
        Questions about a part or an order? We answer every message.
      </p>
      <form noValidate onSubmit={onSubmit} className="card bg-base-100 shadow">
        <div className="card-body grid gap-4 sm:grid-cols-2">
          <ContactField kind="name" {...field('name')} />
          <ContactField kind="email" {...field('email')} />
          <ContactField kind="location" className="sm:col-span-2" {...field('location')} />
          <TextField label="Message" multiline className="sm:col-span-2" {...field('message')} />
          <FormEnd form={form} error={error} wide>
            Submit
          </FormEnd>
        </div>
      </form>
    </section>
  );
}
