import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutInputSchema,
  idempotencyKeySchema,
  orderCreatedSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  purchaseCreatedSchema,
  purchaseInputSchema,
} from '../../../shared/contracts/order';
import type { SessionUser } from '../../../shared/contracts/session';
import { forbidden, requireCustomer, requireUser, sessionUser } from '../../auth/guards';
import { idParams, recordId } from '../../http/record-id';
import { cartDiscountCodeId, cartOrderLines } from '../cart/service';
import { chosenLaptop } from '../laptops/service';
import { type DeliveryChoice, deliveryAddress, keepAddress } from './delivery';
import { toOrderReadShape } from './order-shape';
import { type PlaceOrderInput, placeOrder, singleLine } from './place-order';
import { releaseUnpaidOrder } from './release';
import { getVisibleOrder, listOrdersOf, loadOrder } from './service';

const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);
  const rules = () => ({
    holdMinutes: app.config.UNPAID_ORDER_HOLD_MINUTES,
    maxUnpaidPerCustomer: app.config.MAX_UNPAID_ORDERS_PER_CUSTOMER,
    pricesIncludeTax: app.config.PRICES_INCLUDE_TAX,
  });
  const readBack = async (id: string) => toOrderReadShape((await loadOrder(app.db, id))!);

  /** Places an order and reads it back: 201 when new, 200 when the idempotency key replays an earlier one. */
  const place = async (
    user: SessionUser,
    delivery: DeliveryChoice,
    input: Omit<PlaceOrderInput, 'shippingAddress'>,
    log: FastifyBaseLogger,
  ) => {
    const shippingAddress = await deliveryAddress(app.db, user, delivery);
    const { order, created } = await placeOrder(app.db, user, { ...input, shippingAddress }, rules());
    if (created) await keepAddress(app.db, user, delivery, log);
    return { status: created ? (201 as const) : (200 as const), order: await readBack(order.id) };
  };
  /** Both ways of ordering change stock, are for signed-in customers and take an idempotency key. */
  const customer = requireCustomer(app);
  const placingOptions = <Body extends z.ZodType, Reply extends z.ZodType>(body: Body, response: Reply) => ({
    config: { changesCatalogue: true },
    schema: { body, headers: idempotencyHeaders, response: { 200: response, 201: response } },
    onRequest: customer,
  });

  /** The purchase page's BUY NOW: one part, as one line. */
  app.post(
    '/purchase',
    placingOptions(purchaseInputSchema, purchaseCreatedSchema),
    async (request, reply) => {
      const user = sessionUser(request);
      const { purchaseId: partId, quantity, laptop, shippingMethodId, ...delivery } = request.body;
      recordId(partId, 'Part');
      const forLaptop = await chosenLaptop(app.db, laptop);
      const { status, order } = await place(
        user,
        delivery,
        {
          lines: singleLine({ partId, quantity, forLaptop }),
          shippingMethodId,
          idempotencyKey: request.headers['idempotency-key'],
          request: { partId, quantity, shippingMethodId, ...delivery },
        },
        request.log,
      );
      return reply.code(status).send({ success: true as const, order });
    },
  );

  /** The cart becomes one order: every line reserved, or none. */
  app.post('/checkout', placingOptions(checkoutInputSchema, orderCreatedSchema), async (request, reply) => {
    const user = sessionUser(request);
    const { shippingMethodId, ...delivery } = request.body;
    const { status, order } = await place(
      user,
      delivery,
      {
        lines: cartOrderLines({ userId: user.id }),
        discountCodeId: cartDiscountCodeId({ userId: user.id }),
        shippingMethodId,
        idempotencyKey: request.headers['idempotency-key'],
        request: request.body,
        fromCart: { userId: user.id },
        nameParts: true,
      },
      request.log,
    );
    return reply.code(status).send({ order });
  });

  app.get(
    '/purchase',
    {
      schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } },
      onRequest: signedIn,
    },
    async (request) => {
      const user = sessionUser(request);
      const asked = request.query.user?.toLowerCase();
      const own = !asked || asked === user.email.toLowerCase();
      if (!own && user.role !== 'admin') throw forbidden();
      const found = await listOrdersOf(
        app.db,
        own ? { userId: user.id } : { email: asked },
        request.query.status,
      );
      return found.map(toOrderReadShape);
    },
  );

  app.get(
    '/purchase/:id',
    { schema: { params: idParams, response: { 200: orderSchema } }, onRequest: signedIn },
    async (request) =>
      toOrderReadShape(await getVisibleOrder(app.db, sessionUser(request), request.params.id)),
  );

  /** Remove: an unpaid order is cancelled and its parts go back to stock; a paid one stays (409). */
  app.delete(
    '/purchase/:id',
    {
      config: { changesCatalogue: true },
      schema: {
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), order: orderSchema }) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = sessionUser(request);
      const order = await getVisibleOrder(app.db, user, request.params.id);
      await releaseUnpaidOrder(app.db, app.payments, order.id, 'cancelled', {
        actor: user.role === 'admin' && order.userId !== user.id ? 'admin' : 'customer',
        actorId: user.id,
      });
      return { success: true as const, order: await readBack(order.id) };
    },
  );
};
