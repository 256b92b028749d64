/**
 * The printable invoice: A4, the shop's name, address and phones from settings, the payment's
 * status and transaction id, and the COD the courier collects; Print and Cancel stay off paper.
 * Below it, off paper too, the online payment's attempts and refunds, with the refund and review
 * actions; for an order not paid online the wallet claim to verify, the payments and refunds made
 * by hand (wallet-payments.tsx); and the parcel: its courier, tracking code and timeline (booked
 * from here while the order is Pending). Above it, off paper, the order desk: the buyer's record,
 * the confirmation, source, staff note and edits (desk-panel.tsx), and "Edit order" while the
 * order is Pending and not booked (edit-order.tsx). Below the desk, its returns: a parcel on its
 * way back and its "Received" button, each return with its next step, "Create return" on a
 * Delivered order, a partial delivery on a booked one (components/admin/returns/).
 */
import { Link } from 'react-router';
import type { Route } from './+types/invoice';
import { idParam, notFoundPage, requireAdminPage } from './guard.server';
import { Button } from '../../components/admin/buttons';
import { PaymentHistory, readPaymentHistory } from '../../components/admin/payment-history';
import { PAYMENT_STATUS_TEXT } from '../../components/payments/status';
import { parcelOf } from '../../components/shipments/status';
import { ShipmentPanel } from '../../components/admin/shipments/shipment-panel';
import { WalletPaymentsPanel, codLine, readPayments } from '../../components/admin/wallet-payments';
import { DeskPanel } from '../../components/admin/orders/desk-panel';
import { canEdit, EditOrderPanel } from '../../components/admin/orders/edit-order';
import { readEdits, readHistory } from '../../components/admin/orders/desk';
import { OrderReturnsPanel } from '../../components/admin/returns/order-returns';
import { useMay } from '../../components/admin/use-may';
import { readReturns } from '../../components/admin/returns/returns';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const id = idParam(params.id, 'Order');
  const [invoice, detail, settings] = await Promise.all([context.services.orders.invoice(id), context.services.orders.getOrder(user, id), context.services.settings.get()]);
  if (!invoice) notFoundPage('Order');
  const desk = (detail ?? {}) as { customer_history?: unknown; edits?: unknown; returns?: unknown };
  return {
    ...invoice,
    history: readPaymentHistory(detail),
    parcel: parcelOf(detail ?? invoice.order),
    payments: readPayments(invoice.payment.payments),
    buyer: readHistory(desk.customer_history),
    edits: readEdits(desk.edits, new Map(invoice.items.map((i) => [i.product, i.product_title]))),
    returns: readReturns(desk.returns),
    delivery_options: settings.delivery_options,
    max_units_per_line: settings.max_units_per_line,
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Invoice #${data?.order.id ?? ''}` }];
}

// Paper: A4 with modest margins; the page's own chrome (sidebar, buttons) carries .no-print.
const PRINT_CSS = `@page { size: A4; margin: 14mm; }
@media print { body { background: #fff !important; } main { padding: 0 !important; } .invoice-sheet { box-shadow: none !important; border: 0 !important; max-width: none !important; margin: 0 !important; } }`;

export default function Invoice({ loaderData }: Route.ComponentProps) {
  const { shop, order, items, history, parcel, discounts, payments, buyer, edits, returns } = loaderData;
  const transaction = order.bkash_transaction_ID || order.nagad_transaction_ID || order.rocket_transaction_ID;
  // The label's COD: what the courier was asked to collect once booked, else what is due now.
  const cod = codLine(order);
  // Editing a Pending order is support+ (the server refuses the others).
  const maySupport = useMay('support');
  return (
    <>
      <style>{PRINT_CSS}</style>
      <div className="no-print mb-4 flex gap-2">
        <Button onClick={() => window.print()}>Print</Button>
        <Link to="/admin-orders" className="rounded border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-stone-100">
          Cancel
        </Link>
      </div>
      <DeskPanel order={order} history={buyer} edits={edits} />
      <OrderReturnsPanel order={order} items={items} returns={returns} />
      {canEdit(order) && maySupport && (
        <EditOrderPanel
          key={order.updated_at}
          order={order}
          items={items}
          coupon={discounts.find((d) => d.code)?.code ?? ''}
          deliveryOptions={loaderData.delivery_options}
          maxUnits={loaderData.max_units_per_line}
        />
      )}
      <article className="invoice-sheet mx-auto max-w-[210mm] border border-stone-200 bg-white p-10 text-sm shadow-sm" data-testid="invoice">
        <header className="flex items-start justify-between border-b-2 border-stone-800 pb-4">
          <div>
            <h1 className="text-2xl font-bold">{shop.name}</h1>
            <p className="mt-1 max-w-sm text-stone-700">{shop.address}</p>
            <p className="text-stone-700">{shop.phones.join(', ')}</p>
            {shop.email && <p className="text-stone-700">{shop.email}</p>}
          </div>
          <div className="text-right">
            <p className="text-xl font-bold tracking-wide">INVOICE</p>
            <p>
              Order <strong>#{order.id}</strong>
            </p>
            <p>{order.date.slice(0, 10)}</p>
            <p className="mt-1">
              Status: <strong data-testid="invoice-status">{order.status}</strong>
            </p>
          </div>
        </header>
        <section className="mt-5 grid grid-cols-2 gap-6">
          <div>
            <h2 className="mb-1 font-semibold text-stone-600 uppercase">Bill to</h2>
            <p className="font-semibold">{order.name}</p>
            <p>{order.phone_number}</p>
            {order.optional_phone_number && <p>{order.optional_phone_number}</p>}
            {order.email && <p>{order.email}</p>}
            <p className="mt-1">{order.delivery_address}</p>
            <p>{[order.upazila_thana, order.district].filter(Boolean).join(', ')}</p>
          </div>
          <div>
            <h2 className="mb-1 font-semibold text-stone-600 uppercase">Delivery and payment</h2>
            <p>{order.delivery_option}</p>
            <p>{order.payment_option}</p>
            <p>
              Payment: <strong data-testid="invoice-payment-status">{PAYMENT_STATUS_TEXT[order.payment_status].en}</strong>
              {order.paid_amount > 0 && ` · ৳ ${order.paid_amount} paid`}
              {order.refunded_amount > 0 && ` · ৳ ${order.refunded_amount} refunded`}
            </p>
            {order.payment_reference && (
              <p>
                Payment reference: <span className="font-mono" data-testid="invoice-payment-reference">{order.payment_reference}</span>
              </p>
            )}
            {transaction && (
              <p>
                Transaction: <span className="font-mono">{transaction}</span>
                {order.transaction_amount ? ` · ৳ ${order.transaction_amount}` : ''}
              </p>
            )}
            {order.status === 'Pending' && (
              <p className="mt-1 text-base">
                Cash to collect (COD): <strong data-testid="invoice-cod">৳ {cod.sent ?? cod.due}</strong>
              </p>
            )}
            {order.order_instruction && <p className="mt-1 italic">“{order.order_instruction}”</p>}
          </div>
        </section>
        <table className="mt-6 w-full border-collapse">
          <thead>
            <tr className="border-y border-stone-800 text-left">
              <th className="py-2">#</th>
              <th className="py-2">Product</th>
              <th className="py-2 text-right">Unit price</th>
              <th className="py-2 text-right">Qty</th>
              <th className="py-2 text-right">Total</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, i) => (
              <tr key={item.id} className="border-b border-stone-200">
                <td className="py-2">{i + 1}</td>
                <td className="py-2">{item.product_title}</td>
                <td className="py-2 text-right">৳ {item.unit_price}</td>
                <td className="py-2 text-right">{item.quantity}</td>
                <td className="py-2 text-right">৳ {item.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={4} className="pt-3 text-right">
                Subtotal
              </td>
              <td className="pt-3 text-right">৳ {order.subtotal}</td>
            </tr>
            <tr>
              <td colSpan={4} className="text-right">
                Delivery charge
              </td>
              <td className="text-right">৳ {order.delivery_charge}</td>
            </tr>
            {discounts.map((d, i) => (
              <tr key={i} data-testid="order-discounts">
                <td colSpan={4} className="text-right">
                  {d.code ? `Coupon ${d.code} (${d.name})` : d.name === 'free_delivery_threshold' ? 'Free delivery' : d.name}
                </td>
                <td className="text-right">− ৳ {d.amount}</td>
              </tr>
            ))}
            <tr className="text-base font-bold">
              <td colSpan={4} className="pt-1 text-right">
                Total
              </td>
              <td className="pt-1 text-right" data-testid="invoice-total">
                ৳ {order.total}
              </td>
            </tr>
          </tfoot>
        </table>
        <footer className="mt-10 border-t border-stone-200 pt-3 text-center text-xs text-stone-500">
          Thank you for shopping with {shop.name}. {shop.wallet_number && `Mobile payments: ${shop.wallet_number}.`}
        </footer>
      </article>
      <PaymentHistory order={order} attempts={history.attempts} refunds={history.refunds} />
      <WalletPaymentsPanel order={order} payments={payments} />
      <ShipmentPanel orderId={order.id} status={order.status} confirmation={order.confirmation} parcel={parcel} />
    </>
  );
}
