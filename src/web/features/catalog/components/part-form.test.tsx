import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeUpload, fakeXhr } from '../../../../../test/support/fake-xhr';
import { IMAGE_UPLOAD_RULE } from '../../../../shared/image-upload-rule';
import { createQueryClient } from '../../../lib/query-client';
import { createPart } from '../api/part-admin';
import { EMPTY_PART, PartForm } from './part-form';

const ID = '0b9d7a52-6c1e-4f7a-9a53-2f6f8c1d2e3a';
const PRODUCT_URL = `/images/uploads/${ID}/product.webp`;
const CARD_URL = `/images/uploads/${ID}/card.webp`;

let requests: FakeUpload[];
beforeEach(() => {
  requests = fakeXhr();
  // The category list the form offers comes from the network edge too.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    Response.json([{ slug: 'cooling', name: 'Cooling', count: 3 }]),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm(initial = EMPTY_PART) {
  const onSave = vi.fn(async () => ({}));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PartForm initial={initial} submitLabel="Add Product" onSave={onSave} onSaved={() => {}} />
    </QueryClientProvider>,
  );
  return onSave;
}

const photo = (bytes = 4, name = 'fan.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('PartForm image upload', () => {
  it('uploads a chosen photo with its progress, fills the Image field and shows a preview', async () => {
    const user = userEvent.setup();
    const onSave = renderForm();
    await user.upload(screen.getByLabelText('Upload a photo'), photo());
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    act(() => requests[0]!.progress(40, 100));
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '40');

    act(() => requests[0]!.respond(201, { url: PRODUCT_URL }));
    expect(await screen.findByAltText('Uploaded product preview')).toHaveAttribute('src', CARD_URL);
    expect(screen.getByPlaceholderText('Photo Url')).toHaveValue(PRODUCT_URL);
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled();

    await user.type(screen.getByPlaceholderText('Your Name'), 'Quiet fan');
    await user.type(screen.getByLabelText('Price'), '19.50');
    await user.selectOptions(await screen.findByLabelText('Category'), 'cooling');
    await user.type(screen.getByLabelText('Minimum'), '1');
    await user.type(screen.getByLabelText('Available'), '5');
    await user.type(screen.getByLabelText('Description'), 'A quiet fan.');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]).toEqual([expect.objectContaining({ img: PRODUCT_URL })]);
  });

  it('shows the server’s refusal in the form’s error style, tied to the control', async () => {
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByLabelText('Upload a photo');
    await user.upload(input, photo());
    act(() =>
      requests[0]!.respond(400, { error: { code: 'validation_failed', message: IMAGE_UPLOAD_RULE } }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IMAGE_UPLOAD_RULE);
    expect(alert).toHaveClass('text-red-700');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByPlaceholderText('Photo Url')).toHaveValue('');
    expect(screen.queryByAltText('Uploaded product preview')).toBeNull();
  });

  it('refuses a file over 5 MB or of another type without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await user.upload(screen.getByLabelText('Upload a photo'), photo(6 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMAGE_UPLOAD_RULE);
    await user.upload(screen.getByLabelText('Upload a photo'), photo(10, 'logo.svg', 'image/svg+xml'));
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_UPLOAD_RULE);
    expect(requests).toHaveLength(0);
  });

  it('is reached with the keyboard right after the Image field, and offers only pictures', async () => {
    const user = userEvent.setup();
    renderForm();
    screen.getByPlaceholderText('Photo Url').focus();
    await user.tab();
    const input = screen.getByLabelText('Upload a photo');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
  });

  it('previews the uploaded photo of a part being edited, and no other kind of image', () => {
    renderForm({ ...EMPTY_PART, img: PRODUCT_URL });
    expect(screen.getByAltText('Uploaded product preview')).toHaveAttribute('src', CARD_URL);
  });
});

describe('PartForm checks', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, fields: Record<string, string>) => {
    await user.type(screen.getByPlaceholderText('Your Name'), fields.name ?? 'Quiet fan');
    await user.type(screen.getByLabelText('Price'), '19.50');
    await user.type(screen.getByPlaceholderText('Photo Url'), '/images/parts/cooling-fan.webp');
    await user.selectOptions(await screen.findByLabelText('Category'), 'cooling');
    await user.type(screen.getByLabelText('Minimum'), fields.minimum ?? '1');
    await user.type(screen.getByLabelText('Available'), fields.available ?? '5');
    await user.type(screen.getByLabelText('Description'), 'A quiet fan.');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
  };

  it('says under Minimum that it is above the stock, before sending anything', async () => {
    const user = userEvent.setup();
    const onSave = renderForm();
    await fill(user, { minimum: '5', available: '3' });
    expect(await screen.findByText('Minimum must be at most the 3 available')).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a minimum above nothing in stock: out of stock keeps its minimum', async () => {
    const user = userEvent.setup();
    const onSave = renderForm();
    await fill(user, { minimum: '5', available: '0' });
    await vi.waitFor(() => expect(onSave).toHaveBeenCalled());
  });

  it('shows the server’s refusal of a name the shop already has under Name', async () => {
    const message = '"quiet FAN" is already in the shop';
    vi.mocked(globalThis.fetch).mockImplementation(async (input) =>
      String(input).startsWith('/api/part')
        ? Response.json(
            { error: { code: 'validation_failed', message: `${message}.`, fields: { name: message } } },
            { status: 400 },
          )
        : Response.json([{ slug: 'cooling', name: 'Cooling', count: 3 }]),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PartForm initial={EMPTY_PART} submitLabel="Add Product" onSave={createPart} onSaved={() => {}} />
      </QueryClientProvider>,
    );
    await fill(user, { name: 'quiet FAN' });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Your Name')).toHaveAttribute('aria-invalid', 'true');
  });
});
