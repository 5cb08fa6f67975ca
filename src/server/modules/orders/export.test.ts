import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addLaptop, addPart } from '../../../../test/support/catalog';
import { ADDRESS, customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { orderLineRows } from './export';

describe('exporting orders as CSV (GET /api/orders.csv)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'books@example.com' } });
    admin = await signUpAdmin(t, { email: 'books@example.com' });
  });
  afterAll(() => t.close());

  const exportCsv = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/orders.csv${query}`, headers: { cookie: admin.cookie } });

  it('gives every order line with its order’s number, date, status, customer, address and totals', async () => {
    const buyer = customerCalls(t, (await signUp(t, { name: 'Quote "Q" Buyer' })).cookie);
    const screen = await addPart(t, { name: 'Screen, 15.6"\nmatte', priceCents: 11_999 });
    const fan = await addPart(t, { name: 'Fan', priceCents: 1_250 });
    const laptop = await addLaptop(t, { name: 'Dell XPS 15 9560', slug: 'dell-xps-15-9560' });
    await buyer.addToCart(screen.id, 1, laptop.slug);
    await buyer.addToCart(fan.id, 2);
    const { order } = (await buyer.checkout({ ...ADDRESS, address: '1 Long Road, Flat 2' })).json();
    const response = await exportCsv(`?q=${order.number}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body).toContain('\r\n');
    // A spreadsheet-grade parser reads it back exactly (RFC 4180 quoting of commas, quotes, line breaks).
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        'order number': order.number,
        date: order.createdAt,
        status: 'unpaid',
        'customer name': 'Quote "Q" Buyer',
        'customer email': order.user,
        'ship to name': ADDRESS.name,
        'ship to address': '1 Long Road, Flat 2',
        'ship to location': ADDRESS.location,
        'ship to region': '',
        'ship to postal code': '',
        'ship to country': 'NO',
        // A phone number goes as it is (quoted), without an apostrophe in front.
        'ship to phone': ADDRESS.phone,
        part: 'Screen, 15.6"\nmatte',
        'for laptop': 'Dell XPS 15 9560',
        quantity: '1',
        'unit price': '119.99',
        'line total': '119.99',
        'refunded quantity': '0',
        // The order's money, one column each (no code, method or tax in this shop).
        'order subtotal': '144.99',
        discount: '0.00',
        'discount code': '',
        shipping: '0.00',
        'shipping method': '',
        tax: '0.00',
        'order total': '144.99',
        refunded: '0.00',
        'net total': '144.99',
        currency: 'usd',
        'payment reference': '',
        'tracking number': '',
        'paid at': '',
        'shipped at': '',
        'delivered at': '',
        'refunded at': '',
        'refund reason': '',
      },
      expect.objectContaining({
        part: 'Fan',
        'for laptop': '',
        quantity: '2',
        'unit price': '12.50',
        'line total': '25.00',
      }),
    ]);
  });

  it('gives the payment reference, tracking number, when it was paid, shipped, delivered and refunded, and why', async () => {
    const buyer = customerCalls(t, (await signUp(t)).cookie);
    const part = await addPart(t, { priceCents: 4_000 });
    const { order } = (
      await buyer.call('POST', '/api/purchase', {
        purchaseId: part.id,
        quantity: 2,
        shippingAddress: ADDRESS,
      })
    ).json();
    const paid = await buyer.pay(order._id);
    const asAdmin = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin.cookie } });
    await asAdmin(`/api/orders/${order._id}/ship`, { trackingNumber: '1Z999AA10123456784' });
    const [line] = (await buyer.order(order._id)).json().lines;
    // One unit first, then the rest: two refunds, both reasons.
    await asAdmin(`/api/orders/${order._id}/refund`, {
      lines: [{ lineId: line.lineId, quantity: 1 }],
      reason: 'Late',
    });
    await asAdmin(`/api/orders/${order._id}/refund`, { reason: 'Arrived broken' });
    const [row] = parse((await exportCsv(`?q=${order.number}`)).body, { columns: true }) as Record<
      string,
      string
    >[];
    expect(row).toMatchObject({
      status: 'refunded',
      'payment reference': paid.json().paymentIntentId,
      'tracking number': '1Z999AA10123456784',
      'delivered at': '',
      'refunded quantity': '2',
      refunded: '80.00',
      'net total': '0.00',
      'refund reason': 'Late; Arrived broken',
    });
    for (const moment of ['paid at', 'shipped at', 'refunded at'])
      expect(Date.parse(row![moment]!), moment).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
  });

  it('turns cells a spreadsheet would run as formulas into text', async () => {
    const buyer = customerCalls(
      t,
      (await signUp(t, { name: '=HYPERLINK("http://evil.example","click")' })).cookie,
    );
    const part = await addPart(t, { name: '@SUM(1+1)' });
    const { order } = (
      await buyer.call('POST', '/api/purchase', {
        purchaseId: part.id,
        quantity: 1,
        shippingAddress: { ...ADDRESS, name: '+cmd|calc', address: '-2+3', location: '\tTabbed' },
      })
    ).json();
    const body = (await exportCsv(`?q=${order.number}`)).body;
    const [row] = parse(body, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      'customer name': `'=HYPERLINK("http://evil.example","click")`,
      'ship to name': "'+cmd|calc",
      'ship to address': "'-2+3",
      part: "'@SUM(1+1)",
    });
    // Those cells are quoted, so the apostrophe reaches the spreadsheet as part of the text.
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(body).toContain(`"'+cmd|calc"`);
  });

  it('quotes every cell holding a comma, a semicolon, a tab, a quote or a line break', async () => {
    // Spreadsheets in many locales split on semicolons (and tabs): unquoted, `Acme;=1+1` would become
    // two cells, the second a formula.
    const buyer = customerCalls(t, (await signUp(t, { name: 'Acme;=1+1' })).cookie);
    const part = await addPart(t, { name: 'Fan\t12 V;=2+2' });
    const { order } = (
      await buyer.call('POST', '/api/purchase', {
        purchaseId: part.id,
        quantity: 1,
        shippingAddress: { ...ADDRESS, address: 'Flat 2; 1 Long Road', location: 'Springfield' },
      })
    ).json();
    const body = (await exportCsv(`?q=${order.number}`)).body;
    expect(body).toContain(',"Acme;=1+1",');
    expect(body).toContain(',"Flat 2; 1 Long Road",');
    expect(body).toContain(',"Fan\t12 V;=2+2",');
    // Cells without a separator stay bare, as before.
    expect(body).toContain(',Springfield,');
    const [row] = parse(body, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      'customer name': 'Acme;=1+1',
      'ship to address': 'Flat 2; 1 Long Road',
      part: 'Fan\t12 V;=2+2',
    });
  });

  it('filters like All Orders (status, number or email), and is for admins only', async () => {
    const buyer = customerCalls(t, (await signUp(t)).cookie);
    const part = await addPart(t);
    const { order } = (await buyer.buy(part.id, 1)).json();
    await buyer.pay(order._id);
    const paid = parse((await exportCsv('?status=paid')).body, { columns: true }) as Record<string, string>[];
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((row) => row.status === 'paid')).toBe(true);
    expect(paid.map((row) => row['order number'])).toContain(order.number);
    const byEmail = parse((await exportCsv(`?q=${encodeURIComponent(order.user)}`)).body, { columns: true });
    expect(byEmail).toHaveLength(1);
    expect((await exportCsv('?status=bogus')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders.csv' })).statusCode).toBe(401);
    const customer = await signUp(t);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/orders.csv',
      headers: { cookie: customer.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('streams 10,000 orders, reading them from the database a page at a time', async () => {
    const big = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'big-books@example.com' } });
    try {
      const owner = await signUpAdmin(big, { email: 'big-books@example.com' });
      const part = await addPart(big, { name: 'Bulk part' });
      await big.database.db.execute(sql`
        with placed as (
          insert into orders (buyer_email, buyer_name, shipping_address, subtotal_cents, total_cents, created_at)
          select 'bulk' || n || '@example.com', 'Bulk ' || n, '{"name":"B","address":"A","location":"L","phone":"1"}'::jsonb,
            2500, 2500, now() - make_interval(secs => 20000 - n)
          from generate_series(1, 10000) as n
          returning id)
        insert into order_lines (order_id, position, part_id, part_name, unit_price_cents, quantity, line_total_cents)
        select id, 1, ${part.id}, 'Bulk part', 2500, 1, 2500 from placed`);

      // The rows come from pages read one after another: an order placed after the first row was
      // produced (the newest, so on the last page) is still among them.
      const rows = orderLineRows(big.database.db, {});
      const first = await rows.next();
      expect(first.value?.[4]).toBe('bulk1@example.com');
      const buyer = customerCalls(big, (await signUp(big)).cookie);
      const late = (await buyer.buy(part.id, 1)).json().order;
      let count = 1;
      let last: string[] = [];
      for await (const row of rows) {
        count += 1;
        last = row;
      }
      expect(count).toBe(10_001);
      expect(last[0]).toBe(late.number);

      // Over HTTP, the whole export arrives as one well-formed file.
      const response = await big.app.inject({
        method: 'GET',
        url: '/api/orders.csv',
        headers: { cookie: owner.cookie },
      });
      const parsed = parse(response.body, { columns: true }) as Record<string, string>[];
      expect(parsed).toHaveLength(10_001);
      expect(new Set(parsed.map((row) => row['order number'])).size).toBe(10_001);
    } finally {
      await big.close();
    }
  }, 60_000);
});
