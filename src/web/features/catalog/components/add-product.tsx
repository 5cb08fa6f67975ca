import { CardSection } from '#web/components/ui/card-section.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useCreatePart } from '../api/part-admin';
import { EMPTY_PART, PartForm } from './part-form';

export function AddProduct() {
  const create = useCreatePart();
  return (
    <CardSection headingId="add-product-heading" title="Add a new Product here" page className="max-w-2xl">
      <p className="text-sm opacity-80">
        Image: upload a photo (PNG, JPEG or WebP up to 5 MB), or give an https:// picture URL or one of the
        shop’s own images such as /images/parts/nvme-ssd-1tb.webp.
      </p>
      <PartForm
        initial={EMPTY_PART}
        submitLabel="Add Product"
        resetAfterSave
        onSave={(input) => create.mutateAsync(input)}
        onSaved={() => notify.success('The product was added to the shop.')}
      />
    </CardSection>
  );
}
