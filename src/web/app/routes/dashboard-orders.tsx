import { MyOrders } from '../../features/orders/components/my-orders';
import { useDocumentTitle } from '../../lib/use-document-title';

export function DashboardOrdersRoute() {
  useDocumentTitle('My Orders');
  return <MyOrders />;
}
