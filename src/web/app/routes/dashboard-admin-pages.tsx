import { AllOrders } from '../../features/admin-orders/components/all-orders';
import { AddProduct } from '../../features/catalog/components/add-product';
import { ManageCategories } from '../../features/catalog/components/manage-categories';
import { ManageProducts } from '../../features/catalog/components/manage-products';
import { ManageDiscountCodes } from '../../features/discounts/components/manage-discount-codes';
import { Inbox } from '../../features/feedback-inbox/components/inbox';
import { ManageLaptops } from '../../features/fitment-admin/components/manage-laptops';
import { Overview } from '../../features/overview/components/overview';
import { ManageReturns } from '../../features/returns/components/manage-returns';
import { ManageShipping } from '../../features/shipping-methods/components/manage-shipping';
import { EditSitePages } from '../../features/site-pages/components/edit-site-pages';
import { ManageTax } from '../../features/tax-rates/components/manage-tax';
import { AllUsers } from '../../features/users/components/all-users';
import { MakeAdmin } from '../../features/users/components/make-admin';
import { useSession } from '../../lib/session';

/** The admin dashboard's pages (one lazy chunk: only admins ever load it). */
export function MakeAdminRoute() {
  const session = useSession();
  return <MakeAdmin currentEmail={session.data?.user?.email ?? ''} />;
}

export const OverviewRoute = Overview;
export const AllUsersRoute = AllUsers;
export const AddProductRoute = AddProduct;
export const ManageProductsRoute = ManageProducts;
export const ManageCategoriesRoute = ManageCategories;
export const LaptopsRoute = ManageLaptops;
export const AllOrdersRoute = AllOrders;
export const ReturnsRoute = ManageReturns;
export const FeedbackRoute = Inbox;
export const SitePagesRoute = EditSitePages;
export const ShippingRoute = ManageShipping;
export const TaxRoute = ManageTax;
export const DiscountCodesRoute = ManageDiscountCodes;
