import { notify } from '../../../lib/notify';
import { useCreatePart } from '../api/part-admin';
import { EMPTY_PART, PartForm } from './part-form';

export function AddProduct() {
  const create = useCreatePart();
  return (
    <section aria-labelledby="add-product-heading" className="card max-w-2xl bg-base-100 shadow">
      <div className="card-body">
        <h1 id="add-product-heading" className="card-title text-2xl">
          Add a new Product here
        </h1>
        <p className="text-sm opacity-80">
          Image: upload a photo (PNG, JPEG or WebP up to 5 MB), or give an https:// picture URL or one of the
          shop’s own images such as /images/parts/nvme-ssd-1tb.svg.
        </p>
        <PartForm
          initial={EMPTY_PART}
          submitLabel="Add Product"
          resetAfterSave
          onSave={(input) => create.mutateAsync(input)}
          onSaved={() => notify.success('The product was added to the shop.')}
        />
      </div>
    </section>
  );
}
