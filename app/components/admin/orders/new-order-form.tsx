/**
 * An order staff take by phone, Messenger or in the shop (`POST /api/order/`): the buyer's number
 * and name, the products (found by title, author or ISBN), the address with checkout's pickers,
 * delivery and payment (never an online one: the buyer is not at a screen to pay), where the order
 * came from and a note only staff see. The server's figures are shown before saving but not sent
 * with the order: the preview is priced for the member of staff, the order for the buyer (a
 * promotion limited per customer may differ), and the saved order's screen shows what the server
 * charged. When stock is short the answer is 409 and the figures are asked for again. Each attempt carries an Idempotency-Key, kept for a retry
 * only when no answer came, so a retry cannot take the order twice.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { STAFF_ORDER_SOURCES, staffOrderSchema } from '../../../../domain/order-desk';
import { transactionFieldFor } from '../../../../domain/orders';
import type { DeliveryOption, PaymentOption } from '../../../../domain/settings';
import { Field, SelectField, TextArea } from '../../form/field';
import { FormAlert } from '../../form/messages';
import { useApiForm } from '../../form/use-api-form';
import { checkWith, textFields } from '../../form/values';
import { PhoneField } from '../../account/account-fields';
import { PlacePicker } from '../../account/place-picker';
import { DeliveryChoice, PaymentChoice, WalletFields } from '../../account/checkout-parts';
import { FormFoot } from '../buttons';
import { Panel } from '../page';
import { deskErrors, linesBody, SOURCE_TEXT, type DeskLine } from './desk';
import { Figures, quotedFigures, useDeskQuote } from './figures';
import { LinesEditor } from './lines-editor';

const TEXT_FIELDS = ['customer_phone', 'name', 'optional_phone_number', 'district', 'upazila_thana', 'delivery_address', 'order_instruction', 'source', 'note'] as const;

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** The new order's id from the answer: the order itself, or the order in a wrapper. */
export function createdId(body: Record<string, unknown> | null): number | null {
  const order = body?.order && typeof body.order === 'object' ? (body.order as Record<string, unknown>) : body;
  const id = order?.id ?? body?.order_id;
  return typeof id === 'number' ? id : null;
}

interface Props {
  deliveryOptions: DeliveryOption[];
  /** The shop's payment options that are not paid online. */
  paymentOptions: PaymentOption[];
  walletNumber: string;
  maxUnits: number;
}

export function NewOrderForm({ deliveryOptions, paymentOptions, walletNumber, maxUnits }: Props) {
  const navigate = useNavigate();
  const [lines, setLines] = useState<DeskLine[]>([]);
  // The lines the last errors were about.
  const [sentLines, setSentLines] = useState(lines);
  const [deliveryId, setDeliveryId] = useState(deliveryOptions[0]?.id ?? '');
  const [paymentId, setPaymentId] = useState(paymentOptions.find((o) => !o.wallet)?.id ?? '');
  // After a 409 the figures are asked for again, even for the same lines.
  const [asked, setAsked] = useState(0);
  const quoted = useDeskQuote(lines, deliveryId, '', asked);
  const figures = quotedFigures(quoted);
  const payment = paymentOptions.find((o) => o.id === paymentId);
  const txField = payment ? transactionFieldFor(payment) : null;
  const attemptKey = useRef<string | null>(null);

  const form = useApiForm({
    method: 'POST',
    url: '/api/order/',
    payload: (f) => {
      const text = textFields(f, TEXT_FIELDS);
      // Empty optional fields are not sent: the server's schema takes them as absent.
      const typed = Object.fromEntries(Object.entries(text).filter(([, v]) => v.trim() !== ''));
      return {
        ...typed,
        ...(txField ? textFields(f, [txField, 'transaction_amount']) : {}),
        delivery_option: deliveryId,
        payment_option: paymentId,
        lines: linesBody(lines),
      };
    },
    validate: (body) => {
      setSentLines(lines);
      return checkWith(staffOrderSchema, body);
    },
    headers: () => ({ 'Idempotency-Key': (attemptKey.current ??= newKey()) }),
    onAnswer: (res) => {
      if (res.status !== 0) attemptKey.current = null;
      if (res.status === 409) setAsked((n) => n + 1);
    },
    success: (res) => `Order #${createdId(res.body) ?? ''}: ${res.message || 'taken.'}`,
    then: async (res) => {
      const id = createdId(res.body);
      await navigate(id ? `/order-invoice/${id}` : '/admin-orders');
    },
  });
  const e = deskErrors(form.errors, sentLines === lines);

  return (
    <form {...form.props} aria-label="New order" data-testid="new-order-form" className="grid gap-x-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0">
        <FormAlert text={form.alert} />
        <Panel title="Buyer">
          <div className="grid gap-3 sm:grid-cols-2">
            <PhoneField name="customer_phone" label="Buyer's phone number" errors={e} placeholder="01XXXXXXXXX" />
            <Field name="name" label="Name" autoComplete="off" maxLength={120} errors={e} />
            <PhoneField name="optional_phone_number" label="Other phone number" required={false} errors={e} />
            <SelectField name="source" label="Order came by" required defaultValue="phone" empty={null} options={STAFF_ORDER_SOURCES.map((s) => ({ value: s, label: SOURCE_TEXT[s] }))} errors={e} />
          </div>
        </Panel>
        <Panel title="Products">
          <LinesEditor lines={lines} onChange={setLines} errors={e} maxUnits={maxUnits} />
        </Panel>
        <Panel title="Delivery">
          <PlacePicker errors={e} />
          <TextArea name="delivery_address" label="Delivery address" required maxLength={500} errors={e} />
          <div className="mt-3">
            <DeliveryChoice options={deliveryOptions} value={deliveryId} onChange={setDeliveryId} errors={e} />
            <PaymentChoice options={paymentOptions} value={paymentId} onChange={setPaymentId} errors={e} />
            {payment?.wallet && txField && <WalletFields payment={payment} field={txField} walletNumber={walletNumber} total={figures?.total ?? 0} errors={e} />}
          </div>
          <TextArea name="order_instruction" label="Instruction for delivery (printed on the invoice)" maxLength={1000} errors={e} />
          <TextArea name="note" label="Staff note (only staff see it)" maxLength={1000} errors={e} className="mt-3" />
        </Panel>
      </div>
      <aside className="h-fit lg:sticky lg:top-4">
        <Panel title="Figures (from the server)">
          <Figures quoted={quoted} />
          <p className="mt-2 text-xs text-stone-600">The buyer gets the usual order SMS. The order is confirmed: you took it.</p>
          <div className="mt-3 grid gap-2">
            <FormFoot errors={e} busy={form.busy}>
              Save order
            </FormFoot>
          </div>
        </Panel>
      </aside>
    </form>
  );
}
