import { type MouseEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { purchasePagePath } from '#shared/pages.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

/** What the shopper is about to do with a part. */
type Buying = 'add' | 'buy';

interface Question {
  buying: Buying;
  answer: (yes: boolean) => void;
}

/** The checks a part's buttons take: Add to cart's question first, Purchase Now's before it is followed. */
export interface FitGuard {
  confirm?: () => Promise<boolean>;
  onPurchase?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * Asks before a part not listed for the shopper's laptop goes into the cart or is bought at once
 * ("This part is not listed for your …. Add it anyway?"). `guard(partId, listed)` gives a part's
 * buttons their checks: none without a laptop, for a part listed for it, or while that is not known.
 * `dialog` must be drawn on the page.
 */
export function useFitGuard(laptop: { name: string } | null) {
  const navigate = useNavigate();
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = (buying: Buying) =>
    new Promise<boolean>((resolve) => {
      setQuestion({ buying, answer: resolve });
    });
  const answer = (yes: boolean) => {
    question?.answer(yes);
    setQuestion(null);
  };
  const guard = (partId: string, listed: boolean | undefined): FitGuard =>
    laptop && listed === false
      ? {
          confirm: () => ask('add'),
          onPurchase: (event) => {
            event.preventDefault();
            void ask('buy').then((yes) => {
              if (yes) navigate(purchasePagePath(partId));
            });
          },
        }
      : {};
  const name = laptop?.name ?? '';
  const dialog = (
    <ConfirmDialog
      subject={question}
      title={`Not listed for your ${name}`}
      message={({ buying }) =>
        `This part is not listed for your ${name}. ${buying === 'add' ? 'Add it anyway?' : 'Buy it anyway?'}`
      }
      confirmLabel={({ buying }) => (buying === 'add' ? 'Add anyway' : 'Buy anyway')}
      tone="primary"
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return { guard, dialog };
}
