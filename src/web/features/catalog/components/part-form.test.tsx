import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_UPLOAD_RULE } from '#shared/image-upload-rule.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { type FakeUpload, fakeXhr } from '../../../../../test/support/fake-xhr';
import { createPart } from '../api/part-admin';
import { EMPTY_PART, PartForm, partFormValues } from './part-form';

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

describe('PartForm part numbers, condition, warranty and specs', () => {
  const CATEGORIES = [
    { slug: 'screens', name: 'Screens', count: 3 },
    { slug: 'keyboards-input', name: 'Keyboards & Input', count: 2 },
    { slug: 'batteries-power', name: 'Batteries & Power', count: 4 },
    { slug: 'adapters', name: 'Adapters', count: 0 },
  ];
  let sent: unknown[];
  /** The network edge: the categories, and the part saved (or refused with `refusal`). */
  function fakeApi(refusal?: { message: string; fields: Record<string, string> }) {
    sent = [];
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      if (!String(input).startsWith('/api/part')) return Response.json(CATEGORIES);
      sent.push(JSON.parse(String(init?.body)));
      return refusal
        ? Response.json({ error: { code: 'validation_failed', ...refusal } }, { status: 400 })
        : Response.json({ _id: ID }, { status: 201 });
    });
  }
  function renderAddForm(initial = EMPTY_PART) {
    const onSaved = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PartForm initial={initial} submitLabel="Add Product" onSave={createPart} onSaved={onSaved} />
      </QueryClientProvider>,
    );
    return onSaved;
  }
  const fillBasics = async (user: ReturnType<typeof userEvent.setup>, category: string) => {
    await user.type(screen.getByPlaceholderText('Your Name'), 'FHD panel');
    await user.type(screen.getByLabelText('Price'), '89');
    await user.type(screen.getByPlaceholderText('Photo Url'), '/images/parts/cooling-fan.webp');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), category);
    await user.type(screen.getByLabelText('Minimum'), '1');
    await user.type(screen.getByLabelText('Available'), '5');
    await user.type(screen.getByLabelText('Description'), 'A matte panel.');
  };

  it('offers part numbers with a hint, New and 12 months by default, and no specs before a category', async () => {
    fakeApi();
    renderAddForm();
    const numbers = screen.getByLabelText('Part numbers');
    expect(numbers.tagName).toBe('TEXTAREA');
    expect(screen.getByText(/One per line, as printed on the part/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('new');
    expect(
      within(screen.getByRole('combobox', { name: 'Condition' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['New', 'Refurbished', 'Used']);
    expect(screen.getByLabelText('Warranty (months)')).toHaveValue('12');
    expect(screen.queryByRole('group', { name: /Specs of/ })).toBeNull();
    // The spec's texts of the add form stay as they were.
    expect(screen.getByPlaceholderText('Minimum Quantity')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Available Quantity')).toBeInTheDocument();
  });

  it('draws the chosen category’s spec fields, changes them with the category, and sends only those', async () => {
    fakeApi();
    const user = userEvent.setup();
    const onSaved = renderAddForm();
    await fillBasics(user, 'screens');
    const specs = screen.getByRole('group', { name: 'Specs of Screens' });
    expect(within(specs).getByLabelText('Size (inches)')).toBeInTheDocument();
    expect(within(specs).getByText('From 7 to 20')).toBeInTheDocument();
    expect(within(specs).getByRole('combobox', { name: 'Resolution' })).toHaveValue('');
    expect(within(specs).getByRole('combobox', { name: 'Connector (pins)' })).toBeInTheDocument();
    expect(within(specs).getByLabelText('Refresh rate (Hz)')).toBeInTheDocument();
    await user.type(within(specs).getByLabelText('Size (inches)'), '15.6');
    await user.selectOptions(within(specs).getByRole('combobox', { name: 'Resolution' }), '1920x1080');
    await user.selectOptions(within(specs).getByRole('combobox', { name: 'Touch' }), 'No');

    // Another category: its own fields; the screen's are not sent with it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'keyboards-input');
    expect(screen.queryByLabelText('Size (inches)')).toBeNull();
    const keyboard = screen.getByRole('group', { name: 'Specs of Keyboards & Input' });
    await user.selectOptions(within(keyboard).getByRole('combobox', { name: 'Layout' }), 'UK');
    await user.selectOptions(within(keyboard).getByRole('combobox', { name: 'Backlit' }), 'Yes');

    await user.type(screen.getByLabelText('Part numbers'), '01AV427{Enter}5B10W13930');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Refurbished');
    await user.clear(screen.getByLabelText('Warranty (months)'));
    await user.type(screen.getByLabelText('Warranty (months)'), '6');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({
        category: 'keyboards-input',
        partNumbers: '01AV427\n5B10W13930',
        condition: 'refurbished',
        warrantyMonths: '6',
        specs: { layout: 'UK', backlit: 'yes' },
      }),
    ]);
  });

  it('says under a spec field what is wrong with it, before sending anything', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderAddForm();
    await fillBasics(user, 'screens');
    await user.type(screen.getByLabelText('Size (inches)'), '25');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Size must be from 7 to 20')).toBeInTheDocument();
    expect(screen.getByLabelText('Size (inches)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('names the part number it refuses, and the warranty’s limit', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderAddForm();
    await fillBasics(user, 'adapters');
    await user.type(screen.getByLabelText('Part numbers'), '01AV427{Enter}AB#1');
    await user.clear(screen.getByLabelText('Warranty (months)'));
    await user.type(screen.getByLabelText('Warranty (months)'), '61');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(
      await screen.findByText('A part number is letters and digits, with - . / or spaces between: “AB#1”'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Part numbers')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Warranty must be at most 60')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal of a spec (`specs.<key>`) under that spec’s field', async () => {
    const message = 'Capacity must be from 1 to 200';
    fakeApi({ message, fields: { 'specs.capacityWh': message } });
    const user = userEvent.setup();
    renderAddForm();
    await fillBasics(user, 'batteries-power');
    await user.type(screen.getByLabelText('Capacity (Wh)'), '57');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const field = screen.getByLabelText('Capacity (Wh)');
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)).toHaveTextContent(message);
    // Said once, under its field: not again as the form's message.
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(sent).toEqual([expect.objectContaining({ specs: { capacityWh: '57' } })]);
  });

  it('starts editing from the part as the shop holds it', async () => {
    fakeApi();
    renderAddForm(
      partFormValues({
        _id: ID,
        name: 'FHD panel',
        img: '/images/parts/cooling-fan.webp',
        price: 89,
        priceCents: 8900,
        minimumQuantity: 1,
        availableQuantity: 5,
        description: 'A matte panel.',
        category: 'screens',
        partNumbers: ['N156HCA-EAB', '5D10M42865'],
        condition: 'used',
        warrantyMonths: 3,
        rating: { average: null, count: 0 },
        specs: { sizeInches: 15.6, resolution: '1920x1080', touch: false },
        fits: [],
      }),
    );
    expect(screen.getByLabelText('Minimum')).toHaveValue('1');
    expect(screen.getByLabelText('Available')).toHaveValue('5');
    expect(screen.getByLabelText('Part numbers')).toHaveValue('N156HCA-EAB\n5D10M42865');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('used');
    expect(screen.getByLabelText('Warranty (months)')).toHaveValue('3');
    expect(await screen.findByRole('group', { name: 'Specs of Screens' })).toBeInTheDocument();
    expect(screen.getByLabelText('Size (inches)')).toHaveValue('15.6');
    expect(screen.getByRole('combobox', { name: 'Resolution' })).toHaveValue('1920x1080');
    expect(screen.getByRole('combobox', { name: 'Touch' })).toHaveValue('no');
    expect(screen.getByRole('combobox', { name: 'Connector (pins)' })).toHaveValue('');
  });
});
