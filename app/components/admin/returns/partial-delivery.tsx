/**
 * Partial delivery: the courier handed over only some of the goods (the customer refused the
 * rest) and collected less. Staff say per line how many units were delivered and the money
 * collected; `POST /api/order/{id}/partial-delivery/` makes the order Delivered with that money
 * paid, and the rest a return on its way back (run contract, *Returns and money*).
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { partialDeliverySchema } from '../../../../domain/returns';
import { Field } from '../../form/field';
import { FormAlert } from '../../form/messages';
import { useApiForm } from '../../form/use-api-form';
import { checkWith, formText } from '../../form/values';
import { Button } from '../buttons';
import { errorsByField } from '../orders/desk';

interface Item {
  id: number;
  product_title: string;
  quantity: number;
}

const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

function payloadOf(items: readonly Item[]) {
  return (form: HTMLFormElement) => ({
    delivered: items.map((i) => ({ order_item: i.id, quantity: whole(formText(form, `delivered_${i.id}`)) })),
    collected: whole(formText(form, 'collected')),
  });
}

export function PartialDelivery({ orderId, items, cod }: { orderId: number; items: readonly Item[]; cod: number }) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  const form = useApiForm({
    method: 'POST',
    url: `/api/order/${orderId}/partial-delivery/`,
    payload: payloadOf(items),
    validate: (body) => checkWith(partialDeliverySchema, body),
    success: (res) => res.message || `Order #${orderId}: partly delivered; the rest is on its way back.`,
    then: async () => {
      setOpen(false);
      await revalidator.revalidate();
    },
  });
  const e = errorsByField(form.errors);
  if (!open) {
    return (
      <Button kind="secondary" onClick={() => setOpen(true)} data-testid="partial-delivery-open">
        Partly delivered…
      </Button>
    );
  }
  return (
    <form {...form.props} className="grid gap-3 rounded border border-stone-200 p-3" data-testid="partial-delivery">
      <h3 className="text-sm font-semibold">What the courier delivered</h3>
      <FormAlert text={form.alert} />
      <ul className="grid gap-2">
        {items.map((i) => (
          <li key={i.id} className="grid items-end gap-2 text-sm sm:grid-cols-[1fr_8rem]">
            <span>
              {i.product_title} <span className="text-stone-600">(ordered {i.quantity})</span>
            </span>
            <Field label="Delivered" name={`delivered_${i.id}`} type="number" inputMode="numeric" min={0} max={i.quantity} defaultValue={i.quantity} />
          </li>
        ))}
      </ul>
      {e.delivered && <p className="text-xs text-red-700">{e.delivered.join(' ')}</p>}
      <Field label="Money collected (৳)" name="collected" type="number" inputMode="numeric" min={0} defaultValue={cod} errors={e} hint="What the courier collected from the customer." />
      <div className="flex gap-2">
        <Button type="submit" disabled={form.busy} data-testid="partial-delivery-submit">
          {form.busy ? 'Saving…' : 'Save partial delivery'}
        </Button>
        <Button kind="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
