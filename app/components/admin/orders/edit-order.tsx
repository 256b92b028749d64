/**
 * "Edit order" on the order screen, for a Pending order no courier has booked: its lines, the
 * buyer's name and numbers, the address and the delivery option. The server's new figures are
 * shown before saving (the order's coupon included, when it still holds); saving sends only what
 * changed (`PUT /api/order/{id}/`), and the server re-prices the order with today's prices and
 * promotions and moves stock by the difference. A refusal (booked meanwhile, stock short) shows
 * its message above the form.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { findOption, type DeliveryOption } from '../../../../domain/settings';
import { orderEditSchema, type EditableField } from '../../../../domain/order-desk';
import { notify } from '../../notices';
import { Field, TextArea } from '../../form/field';
import { FormAlert } from '../../form/messages';
import { useApiForm } from '../../form/use-api-form';
import { checkWith, textFields } from '../../form/values';
import { PhoneField } from '../../account/account-fields';
import { PlacePicker } from '../../account/place-picker';
import { DeliveryChoice } from '../../account/checkout-parts';
import { FormFoot } from '../buttons';
import { Panel } from '../page';
import { deskErrors, linesBody, linesChanged, type DeskLine } from './desk';
import { Figures, useDeskQuote } from './figures';
import { LinesEditor } from './lines-editor';

type TextField = Exclude<EditableField, 'delivery_option'>;
const TEXT_FIELDS: readonly TextField[] = ['name', 'optional_phone_number', 'district', 'upazila_thana', 'delivery_address', 'order_instruction'];

export interface EditableOrder extends Record<TextField, string | null> {
  id: number;
  status: string;
  delivery_option: string;
  consignment_id: string | null;
  shipment_status: string | null;
}

/** Whether the order may still be edited: Pending and not booked with a courier. */
export function canEdit(order: Pick<EditableOrder, 'status' | 'consignment_id' | 'shipment_status'>): boolean {
  return order.status === 'Pending' && !order.consignment_id && !order.shipment_status;
}

/** What the form changes: the text fields that differ, the delivery option when another is chosen, the lines when they differ. */
export function editBody(order: EditableOrder, typed: Record<TextField, string>, deliveryId: string, options: DeliveryOption[], before: { product: number; quantity: number }[], lines: DeskLine[]) {
  const body: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) if (typed[f].trim() !== (order[f] ?? '').trim()) body[f] = typed[f].trim();
  if (deliveryId && findOption(options, order.delivery_option)?.id !== deliveryId) body.delivery_option = deliveryId;
  if (linesChanged(before, lines)) body.lines = linesBody(lines);
  return body;
}

interface Props {
  order: EditableOrder;
  items: { product: number; product_title: string; unit_price: number; quantity: number }[];
  /** The coupon the order used, priced again if it still holds. */
  coupon: string;
  deliveryOptions: DeliveryOption[];
  maxUnits: number;
}

export function EditOrderPanel({ order, items, coupon, deliveryOptions, maxUnits }: Props) {
  const before = items.map((i) => ({ product: i.product, quantity: i.quantity }));
  const [lines, setLines] = useState<DeskLine[]>(() => items.map((i) => ({ product: i.product, title: i.product_title, quantity: i.quantity, price: i.unit_price, stock: null })));
  // The lines the last errors were about.
  const [sentLines, setSentLines] = useState(lines);
  const [deliveryId, setDeliveryId] = useState(findOption(deliveryOptions, order.delivery_option)?.id ?? '');
  const [asked, setAsked] = useState(0);
  const quoted = useDeskQuote(lines, deliveryId, coupon, asked);
  const revalidator = useRevalidator();

  const form = useApiForm({
    method: 'PUT',
    url: `/api/order/${order.id}/`,
    payload: (f) => editBody(order, textFields(f, TEXT_FIELDS), deliveryId, deliveryOptions, before, lines),
    validate: (body) => {
      setSentLines(lines);
      return Object.keys(body).length === 0 ? { non_field_errors: ['Nothing was changed.'] } : checkWith(orderEditSchema, body);
    },
    onAnswer: (res) => {
      if (res.status === 409) setAsked((n) => n + 1);
    },
    success: (res) => res.message || `Order #${order.id} saved.`,
    then: async (res) => {
      const dropped = res.body?.coupon_dropped;
      if (typeof dropped === 'string' && dropped) notify(`Coupon ${dropped} no longer applies; the order was priced without it.`, 'error', 8000);
      // The order is read again; the page keys this form by the order's updated_at, so it starts afresh from the saved order.
      await revalidator.revalidate();
    },
    reset: false,
  });
  const e = deskErrors(form.errors, sentLines === lines);

  return (
    <div className="no-print mx-auto mb-6 max-w-[210mm] print:hidden" data-testid="edit-order">
      <Panel title="Edit order" collapsed>
        <form {...form.props} aria-label={`Edit order #${order.id}`} className="grid gap-4">
          <FormAlert text={form.alert} />
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
            <LinesEditor lines={lines} onChange={setLines} errors={e} maxUnits={maxUnits} />
            <div>
              <h3 className="mb-1 text-sm font-semibold">New figures (from the server)</h3>
              <Figures quoted={quoted} testId="edit-figures" />
              {coupon && <p className="mt-1 text-xs text-stone-600">Coupon {coupon} is priced again; if it no longer holds, the order is priced without it.</p>}
            </div>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field name="name" label="Name" maxLength={120} defaultValue={order.name} errors={e} />
            <PhoneField name="optional_phone_number" label="Other phone number" required={false} defaultValue={order.optional_phone_number} errors={e} />
          </div>
          <PlacePicker errors={e} initial={{ district: order.district ?? '', upazila_thana: order.upazila_thana ?? '' }} />
          <TextArea name="delivery_address" label="Delivery address" required maxLength={500} defaultValue={order.delivery_address} errors={e} />
          <DeliveryChoice options={deliveryOptions} value={deliveryId} onChange={setDeliveryId} errors={e} />
          <TextArea name="order_instruction" label="Instruction for delivery" maxLength={1000} defaultValue={order.order_instruction} errors={e} />
          <div className="grid gap-2">
            <FormFoot errors={e} busy={form.busy}>
              Save changes
            </FormFoot>
          </div>
        </form>
      </Panel>
    </div>
  );
}
