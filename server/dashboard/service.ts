/**
 * The back office's dashboard: how many users, admins, customers, books, orders, categories,
 * authors and publishers the shop has. It owns no table: each figure comes from the module
 * that owns it.
 */
import type { UserStore } from '../accounts/users';
import type { CatalogService } from '../catalog/service';
import type { OrderService } from '../orders/service';

export interface DashboardDeps {
  users: Pick<UserStore, 'counts'>;
  catalog: Pick<CatalogService, 'counts'>;
  orders: Pick<OrderService, 'count'>;
}

export function createDashboardService(deps: DashboardDeps) {
  return {
    async totals() {
      const [people, catalog, total_orders] = await Promise.all([deps.users.counts(), deps.catalog.counts(), deps.orders.count()]);
      return {
        total_users: people.users,
        total_admins: people.admins,
        total_customers: people.users - people.admins,
        total_books: catalog.total_books,
        total_orders,
        total_categories: catalog.total_categories,
        total_authors: catalog.total_authors,
        total_publishers: catalog.total_publishers,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
