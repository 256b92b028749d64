/**
 * The back office's screens and who may open each: one table that the page guard
 * (guard.server.ts) checks on every loader and that the sidebar reads, so each role sees only
 * its own screens. Levels are domain/roles.ts's; the authorisation matrix test checks every page
 * against the run contract's permission table.
 */
import { mayUse, type StaffAccess } from '../../../domain/roles';

export interface AdminScreen {
  /** The route's path as routes.ts declares it, with a leading slash (`/update-book/:id`). */
  path: string;
  access: StaffAccess;
  /** Its sidebar entry; screens reached from another (an edit form, an invoice) have none. */
  label?: string;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: '/admin', access: 'staff', label: 'Dashboard' },
  { path: '/admin-orders', access: 'staff', label: 'Orders' },
  { path: '/admin-orders/new', access: 'support', label: 'New order' },
  { path: '/order-invoice/:id', access: 'staff' },
  { path: '/admin-returns', access: 'support', label: 'Returns' },
  { path: '/admin-couriers', access: 'staff', label: 'Couriers' },
  { path: '/admin-packing', access: 'packer', label: 'Packing' },
  { path: '/admin-pos', access: 'counter', label: 'Counter' },
  { path: '/admin-payouts', access: 'accountant', label: 'Courier payouts' },
  { path: '/admin-reports', access: 'accountant', label: 'Reports' },
  { path: '/admin-customers', access: 'support', label: 'Customers' },
  { path: '/admin-restock', access: 'support', label: 'Back in stock' },
  { path: '/admin-reviews', access: 'support', label: 'Reviews' },
  { path: '/admin-sms', access: 'support', label: 'SMS log' },
  { path: '/admin-books', access: 'manager', label: 'Books' },
  { path: '/update-book/:id', access: 'manager' },
  { path: '/admin-electronics', access: 'manager', label: 'Electronics' },
  { path: '/update-electronics/:id', access: 'manager' },
  { path: '/admin-stationary', access: 'manager', label: 'Stationery' },
  { path: '/update-stationary/:id', access: 'manager' },
  { path: '/admin-products-import', access: 'manager', label: 'Import / export' },
  { path: '/admin-stock-receipts', access: 'manager', label: 'Stock receipts' },
  { path: '/admin-stock-low', access: 'manager', label: 'Low stock' },
  { path: '/admin-stock-history/:id', access: 'manager' },
  { path: '/admin-categories', access: 'manager', label: 'Categories' },
  { path: '/update-category/:id', access: 'manager' },
  { path: '/admin-authors', access: 'manager', label: 'Authors' },
  { path: '/update-author/:id', access: 'manager' },
  { path: '/admin-publishers', access: 'manager', label: 'Publishers' },
  { path: '/update-publisher/:id', access: 'manager' },
  { path: '/admin-promotions', access: 'manager', label: 'Promotions' },
  { path: '/admin-promotions/new', access: 'manager' },
  { path: '/admin-promotions/:id', access: 'manager' },
  { path: '/admin-lists', access: 'manager', label: 'Curated lists' },
  { path: '/admin-lists/new', access: 'manager' },
  { path: '/admin-lists/:id', access: 'manager' },
  { path: '/admin-logo', access: 'manager', label: 'Logo' },
  { path: '/admin-banner', access: 'manager', label: 'Banner' },
  { path: '/admin-staff', access: 'owner', label: 'Staff' },
  { path: '/make-admin', access: 'owner', label: 'Make admin' },
  { path: '/admin-settings', access: 'owner', label: 'Settings' },
  { path: '/admin-audit', access: 'owner', label: 'Audit log' },
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** The screen a URL path opens (static paths win over `:param` ones, as the router does). */
export function screenOf(pathname: string): AdminScreen | undefined {
  const asked = segments(pathname.replace(/\.data$/, ''));
  const matches = (s: AdminScreen) => {
    const parts = segments(s.path);
    return parts.length === asked.length && parts.every((p, i) => p.startsWith(':') || p === asked[i]);
  };
  const found = ADMIN_SCREENS.filter(matches);
  return found.find((s) => !s.path.includes(':')) ?? found[0];
}

/** Whether a user of `role` may open the screen at this URL path; a path the table does not name is the owner's. */
export function mayOpen(role: string, pathname: string): boolean {
  return mayUse(role, screenOf(pathname)?.access ?? 'owner');
}

/** The sidebar's entries for a role. */
export function sidebarFor(role: string): { to: string; label: string }[] {
  return ADMIN_SCREENS.filter((s) => s.label && mayUse(role, s.access)).map((s) => ({ to: s.path, label: s.label! }));
}
