import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, refuseAdmins, requireCustomer, requireUser, sessionUser } from '#server/auth/guards.ts';
import { idParams, recordId } from '#server/http/record-id.ts';
import { Invalid } from '#server/lib/domain-errors.ts';
import { clientKey, enforceRateLimit } from '#server/lib/rate-limit.ts';
import { findGuestCart } from '#server/modules/cart/guest-cart.ts';
import { cartBasket } from '#server/modules/cart/service.ts';
import { stockChangeOf } from '#server/modules/catalog/catalog-cache.ts';
import { chosenLaptop } from '#server/modules/laptops/service.ts';
import {
  checkoutInputSchema,
  idempotencyKeySchema,
  orderCreatedSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  purchaseCreatedSchema,
  purchaseInputSchema,
} from '#shared/contracts/order.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { type DeliveryChoice, deliveryAddress, keepAddress } from './delivery';
import { holderOf, orderForHolder, requireAccountOrLink, tokenQuery, viewerOf } from './order-access';
import { type OrderWithLines, toOrderReadShape } from './order-shape';
import { type PlaceOrderInput, placeOrder, singleLine } from './place-order';
import { releaseUnpaidOrder } from './release';
import { listOrdersOf, loadOrder } from './service';

const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);
  const accountOrLink = requireAccountOrLink(app);
  const rules = () => ({
    holdMinutes: app.config.UNPAID_ORDER_HOLD_MINUTES,
    maxUnpaidPerCustomer: app.config.MAX_UNPAID_ORDERS_PER_CUSTOMER,
    pricesIncludeTax: app.config.PRICES_INCLUDE_TAX,
  });
  /**
   * The order as answered to the request's caller: as written when it was just placed (`placed`), else
   * read. The catalogue's cache forgets its parts' stock.
   */
  const orderAnswer = async (request: FastifyRequest, id: string, placed?: OrderWithLines) => {
    const order = placed ?? (await loadOrder(app.db, id))!;
    request.catalogueChange = stockChangeOf(order.lines);
    return toOrderReadShape(order, viewerOf(request));
  };

  /** A customer's order, shipped where they chose: 201 when new, 200 when the idempotency key replays one. */
  const placeForCustomer = async (
    user: SessionUser,
    delivery: DeliveryChoice,
    input: Omit<PlaceOrderInput, 'shippingAddress'>,
    request: FastifyRequest,
  ) => {
    const shippingAddress = await deliveryAddress(app.db, user, delivery);
    const result = await placeOrder(app.db, { customer: user }, { ...input, shippingAddress }, rules());
    if (result.created) await keepAddress(app.db, user, delivery, request.log);
    return {
      status: result.created ? (201 as const) : (200 as const),
      order: await orderAnswer(request, result.order.id, result.placed),
    };
  };
  /** Both ways of ordering change stock, take an idempotency key and are never for admins. */
  const placingOptions = <Body extends z.ZodType, Reply extends z.ZodType>(
    body: Body,
    response: Reply,
    onRequest: ReturnType<typeof requireCustomer>,
  ) => ({
    config: { changesCatalogue: true },
    schema: { body, headers: idempotencyHeaders, response: { 200: response, 201: response } },
    onRequest,
  });
  const guestOrders = {
    name: 'guest-orders',
    limit: app.config.GUEST_ORDERS_PER_CLIENT_PER_HOUR,
    windowMs: 3_600_000,
  };
  const links = app.orderLinks;
  /** A visitor's order: its buyer known by the email given and the client address, reached by its link. */
  const guestBuyer = (email: string, request: FastifyRequest) => ({
    guest: {
      email,
      client: clientKey(request),
      tokenHashFor: (id: string) => links.hashOf(links.tokenFor(id)),
    },
  });

  /** The purchase page's BUY NOW: one part, as one line. */
  app.post(
    '/purchase',
    placingOptions(purchaseInputSchema, purchaseCreatedSchema, requireCustomer(app)),
    async (request, reply) => {
      const user = sessionUser(request);
      const { purchaseId: partId, quantity, laptop, shippingMethodId, ...delivery } = request.body;
      recordId(partId, 'Part');
      const forLaptop = await chosenLaptop(app.db, laptop);
      const { status, order } = await placeForCustomer(
        user,
        delivery,
        {
          basket: singleLine({ partId, quantity, forLaptop }),
          shippingMethodId,
          idempotencyKey: request.headers['idempotency-key'],
          request: { partId, quantity, shippingMethodId, ...delivery },
        },
        request,
      );
      return reply.code(status).send({ success: true as const, order });
    },
  );

  /**
   * The cart becomes one order: every line reserved, or none. A customer's ships to a saved or new
   * address; a visitor's (guest checkout) to the address given, with the email its mails go to, and
   * answers the order's private link.
   */
  app.post(
    '/checkout',
    placingOptions(checkoutInputSchema, orderCreatedSchema, refuseAdmins(app)),
    async (request, reply) => {
      const { shippingMethodId, email, ...delivery } = request.body;
      const idempotencyKey = request.headers['idempotency-key'];
      const { user } = request;
      if (user) {
        const owner = { userId: user.id };
        const { status, order } = await placeForCustomer(
          user,
          delivery,
          {
            basket: cartBasket(owner),
            shippingMethodId,
            idempotencyKey,
            request: request.body,
            fromCart: owner,
            nameParts: true,
          },
          request,
        );
        return reply.code(status).send({ order });
      }
      await enforceRateLimit(app.db, guestOrders, clientKey(request));
      if (!email)
        throw new Invalid('email_required', 'Enter your email: your order is sent there.', {
          email: 'Email is required',
        });
      if (!delivery.shippingAddress)
        throw new Invalid('shipping_address_required', 'Enter the address to ship to.', {
          shippingAddress: 'Enter the address to ship to.',
        });
      const guestCartId = await findGuestCart(app.db, request);
      if (!guestCartId) throw new Invalid('cart_empty', 'Your cart is empty.');
      const owner = { guestCartId };
      const result = await placeOrder(
        app.db,
        guestBuyer(email, request),
        {
          basket: cartBasket(owner),
          shippingAddress: delivery.shippingAddress,
          shippingMethodId,
          idempotencyKey,
          request: request.body,
          fromCart: owner,
          nameParts: true,
        },
        rules(),
      );
      return reply.code(result.created ? 201 : 200).send({
        order: await orderAnswer(request, result.order.id, result.placed),
        orderUrl: links.pathFor(result.order.id),
      });
    },
  );

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
      return found.map((order) => toOrderReadShape(order, viewerOf(request)));
    },
  );

  /** One order: for its buyer and admins, or for whoever holds a visitor's order's link (`token`). */
  app.get(
    '/purchase/:id',
    {
      schema: { params: idParams, querystring: tokenQuery, response: { 200: orderSchema } },
      onRequest: accountOrLink,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const holder = holderOf(request, links, request.query.token);
      return toOrderReadShape(await orderForHolder(app.db, holder, request.params.id), viewerOf(holder));
    },
  );

  /** Remove: an unpaid order is cancelled and its parts go back to stock; a paid one stays (409). */
  app.delete(
    '/purchase/:id',
    {
      config: { changesCatalogue: true },
      schema: {
        params: idParams,
        querystring: tokenQuery,
        response: { 200: z.object({ success: z.literal(true), order: orderSchema }) },
      },
      onRequest: accountOrLink,
    },
    async (request) => {
      const holder = holderOf(request, links, request.query.token);
      const order = await orderForHolder(app.db, holder, request.params.id);
      const { user } = holder;
      await releaseUnpaidOrder(app.db, app.payments, order.id, 'cancelled', {
        actor: user?.role === 'admin' && order.userId !== user.id ? 'admin' : 'customer',
        actorId: user?.id ?? null,
      });
      return { success: true as const, order: await orderAnswer(request, order.id) };
    },
  );
};
