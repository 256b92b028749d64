/**
 * /admin-orders/new: an order staff take for a buyer who called, wrote on Messenger or came to
 * the shop. The form (components/admin/orders/new-order-form.tsx) prices it with the server
 * before saving and opens the new order's screen once it is taken.
 */
import type { Route } from './+types/order-new';
import { requireAdminPage } from './guard.server';
import { isOnlineOption } from '../../../domain/settings';
import { LinkButton } from '../../components/admin/buttons';
import { PageTitle } from '../../components/admin/page';
import { NewOrderForm } from '../../components/admin/orders/new-order-form';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const s = await context.services.settings.get();
  return {
    delivery_options: s.delivery_options,
    // Paid online needs the buyer at a screen: staff orders take the other options only.
    payment_options: s.payment_options.filter((o) => !isOnlineOption(o)),
    wallet_number: s.wallet_number,
    max_units_per_line: s.max_units_per_line,
  };
}

export function meta() {
  return [{ title: 'New order · Back office' }];
}

export default function NewOrder({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <PageTitle actions={<LinkButton to="/admin-orders">Back to orders</LinkButton>}>New order</PageTitle>
      <NewOrderForm deliveryOptions={d.delivery_options} paymentOptions={d.payment_options} walletNumber={d.wallet_number} maxUnits={d.max_units_per_line} />
    </>
  );
}
