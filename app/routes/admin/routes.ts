// The back office's routes. Paths are
// relative to app/. One layout (sidebar, 403 page) holds them all; screens that differ only by
// product type or person kind share a module under distinct route ids. Every module here must
// refuse non-admins in its own loader and action (admin-routes.test.ts checks them all).
import { layout, route, type RouteConfigEntry } from '@react-router/dev/routes';

export const adminRoutes: RouteConfigEntry[] = [
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin-logo', 'routes/admin/images.tsx', { id: 'admin-logo' }),
    route('admin-banner', 'routes/admin/images.tsx', { id: 'admin-banner' }),
    route('admin-authors', 'routes/admin/people.tsx', { id: 'admin-authors' }),
    route('update-author/:id', 'routes/admin/person-edit.tsx', { id: 'update-author' }),
    route('admin-publishers', 'routes/admin/people.tsx', { id: 'admin-publishers' }),
    route('update-publisher/:id', 'routes/admin/person-edit.tsx', { id: 'update-publisher' }),
    route('admin-customers', 'routes/admin/customers.tsx'),
    route('make-admin', 'routes/admin/make-admin.tsx'),
    route('admin-staff', 'routes/admin/staff.tsx'),
    route('admin-categories', 'routes/admin/categories.tsx'),
    route('update-category/:id', 'routes/admin/category-edit.tsx'),
    route('admin-books', 'routes/admin/products.tsx', { id: 'admin-books' }),
    route('update-book/:id', 'routes/admin/product-edit.tsx', { id: 'update-book' }),
    route('admin-electronics', 'routes/admin/products.tsx', { id: 'admin-electronics' }),
    route('update-electronics/:id', 'routes/admin/product-edit.tsx', { id: 'update-electronics' }),
    route('admin-stationary', 'routes/admin/products.tsx', { id: 'admin-stationary' }),
    route('update-stationary/:id', 'routes/admin/product-edit.tsx', { id: 'update-stationary' }),
    route('admin-products-import', 'routes/admin/product-import.tsx'),
    route('admin-orders', 'routes/admin/orders.tsx'),
    route('admin-orders/new', 'routes/admin/order-new.tsx'),
    route('admin-promotions', 'routes/admin/promotions.tsx'),
    route('admin-promotions/new', 'routes/admin/promotion-edit.tsx', { id: 'admin-promotion-new' }),
    route('admin-promotions/:id', 'routes/admin/promotion-edit.tsx', { id: 'admin-promotion-edit' }),
    route('order-invoice/:id', 'routes/admin/invoice.tsx'),
    route('admin-settings', 'routes/admin/settings.tsx'),
    route('admin-sms', 'routes/admin/sms.tsx'),
    route('admin-couriers', 'routes/admin/couriers.tsx'),
    route('admin-returns', 'routes/admin/returns.tsx'),
    route('admin-payouts', 'routes/admin/payouts.tsx'),
    route('admin-packing', 'routes/admin/packing.tsx'),
    route('admin-reports', 'routes/admin/reports.tsx'),
    route('admin-restock', 'routes/admin/restock.tsx'),
    route('admin-stock-receipts', 'routes/admin/stock-receipts.tsx'),
    route('admin-stock-low', 'routes/admin/stock-low.tsx'),
    route('admin-stock-history/:id', 'routes/admin/stock-history.tsx'),
    route('admin-reviews', 'routes/admin/reviews.tsx'),
    route('admin-audit', 'routes/admin/audit.tsx'),
  ]),
];
