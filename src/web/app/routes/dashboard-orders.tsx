import { MyOrders } from '../../features/orders/components/my-orders';

export function DashboardOrdersRoute() {
  return <MyOrders />;
}
