/**
 * /admin-pos — the counter (issue 36; docs/counter.md), for packer, support, manager and owner:
 * scan or search, sell, print the receipt, keep selling without network. The page loads only the
 * seller's discount limit; the catalogue comes from `GET /api/pos/catalogue/` into the browser.
 */
import type { Route } from './+types/pos';
import { requireAdminPage } from './guard.server';
import { PageTitle } from '../../components/admin/page';
import { CounterScreen } from '../../components/admin/pos/counter-screen';
import { bi } from '../../components/admin/packing/pack-order';
import { discountPercentOf } from '../../../domain/counter';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const settings = await context.services.settings.get();
  return { percent: discountPercentOf(settings.counter_discount_limits, user.role) };
}

export function meta() {
  return [{ title: 'কাউন্টার (Counter) · Back office' }];
}

export default function Pos({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>{bi('কাউন্টার', 'Counter')}</PageTitle>
      <CounterScreen percent={loaderData.percent} />
    </>
  );
}
