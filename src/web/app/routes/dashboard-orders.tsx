import { MyOrders } from '#web/features/orders/components/my-orders.tsx';

export function DashboardOrdersRoute() {
  return <MyOrders />;
}
