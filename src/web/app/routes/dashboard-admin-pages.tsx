import { AllOrders } from '#web/features/admin-orders/components/all-orders.tsx';
import { AddProduct } from '#web/features/catalog/components/add-product.tsx';
import { ManageCategories } from '#web/features/catalog/components/manage-categories.tsx';
import { ManageProducts } from '#web/features/catalog/components/manage-products.tsx';
import { ManageDiscountCodes } from '#web/features/discounts/components/manage-discount-codes.tsx';
import { Inbox } from '#web/features/feedback-inbox/components/inbox.tsx';
import { ManageLaptops } from '#web/features/fitment-admin/components/manage-laptops.tsx';
import { Overview } from '#web/features/overview/components/overview.tsx';
import { ManageReturns } from '#web/features/returns/components/manage-returns.tsx';
import { ManageShipping } from '#web/features/shipping-methods/components/manage-shipping.tsx';
import { EditSitePages } from '#web/features/site-pages/components/edit-site-pages.tsx';
import { ManageTax } from '#web/features/tax-rates/components/manage-tax.tsx';
import { AllUsers } from '#web/features/users/components/all-users.tsx';
import { MakeAdmin } from '#web/features/users/components/make-admin.tsx';
import { useSession } from '#web/lib/session.ts';

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
