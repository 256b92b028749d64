/**
 * "Create return" on a Delivered order's screen: staff take goods back (a phone call, the
 * customer at the counter). Per line the units coming back and, when known, their condition; a
 * reason; the money to give back (empty: what the units cost, within what the order holds). `POST /api/order/{id}/returns/` makes an
 * approved return whose goods are on their way (run contract); stock moves only when received.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { RETURN_CONDITIONS, staffReturnSchema, type ReturnCondition } from '../../../../domain/returns';
import { Field, TextArea } from '../../form/field';
import { FormAlert } from '../../form/messages';
import { useApiForm } from '../../form/use-api-form';
import { checkWith, formText } from '../../form/values';
import { Button } from '../buttons';
import { errorsByField } from '../orders/desk';
import { CONDITION_TEXT, linesOf } from './returns';

interface Item {
  id: number;
  product_title: string;
  quantity: number;
}

/** The form's body: the lines with a quantity, the reason, and the refund amount when one was typed. */
function payloadOf(items: readonly Item[]) {
  return (form: HTMLFormElement) => {
    const typed = Object.fromEntries(items.map((i) => [i.id, formText(form, `qty_${i.id}`)]));
    const conditions = Object.fromEntries(items.map((i) => [i.id, (formText(form, `condition_${i.id}`) || undefined) as ReturnCondition | undefined]));
    const refund = formText(form, 'refund_amount');
    return {
      lines: linesOf(typed, conditions),
      reason: formText(form, 'reason'),
      ...(refund ? { refund_amount: /^\d+$/.test(refund) ? Number(refund) : Number.NaN } : {}),
    };
  };
}

export function CreateReturnPanel({ orderId, items, held }: { orderId: number; items: readonly Item[]; held: number }) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  const form = useApiForm({
    method: 'POST',
    url: `/api/order/${orderId}/returns/`,
    payload: payloadOf(items),
    validate: (body) => checkWith(staffReturnSchema, body),
    success: (res) => res.message || `Order #${orderId}: a return was made; receive the goods when they arrive.`,
    then: async () => {
      setOpen(false);
      await revalidator.revalidate();
    },
  });
  const e = errorsByField(form.errors);
  return (
    <div className="mt-3" data-testid="create-return">
      {!open ? (
        <Button kind="secondary" onClick={() => setOpen(true)} data-testid="create-return-open">
          Create return
        </Button>
      ) : (
        <form {...form.props} className="grid gap-3 rounded border border-stone-200 p-3">
          <h3 className="text-sm font-semibold">Create a return</h3>
          <FormAlert text={form.alert} />
          <ul className="grid gap-2">
            {items.map((i) => (
              <li key={i.id} className="grid items-end gap-2 rounded border border-stone-200 p-2 text-sm sm:grid-cols-[1fr_6rem_12rem]" data-testid="create-return-line" data-order-item={i.id}>
                <span className="font-medium">
                  {i.product_title} <span className="text-stone-600">(ordered {i.quantity})</span>
                </span>
                <Field label="Units back" name={`qty_${i.id}`} type="number" inputMode="numeric" min={0} max={i.quantity} placeholder="0" />
                <label className="text-sm">
                  <span className="font-medium">Condition</span>
                  <select name={`condition_${i.id}`} className="mt-1 block w-full rounded border border-stone-300 px-2 py-1.5 text-sm" defaultValue="">
                    <option value="">Check when received</option>
                    {RETURN_CONDITIONS.map((c) => (
                      <option key={c} value={c}>
                        {CONDITION_TEXT[c]}
                      </option>
                    ))}
                  </select>
                </label>
              </li>
            ))}
          </ul>
          {e.lines && (
            <p className="text-xs text-red-700" data-testid="error-lines">
              {e.lines.join(' ')}
            </p>
          )}
          <TextArea label="Reason" name="reason" required maxLength={1000} rows={2} errors={e} />
          <Field
            label="Money to give back (৳)"
            name="refund_amount"
            type="number"
            inputMode="numeric"
            min={0}
            max={held}
            hint={`Empty: what the units cost, up to the ৳ ${held} the order holds. Refunded once the goods are back.`}
            errors={e}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={form.busy} data-testid="create-return-submit">
              {form.busy ? 'Saving…' : 'Create return'}
            </Button>
            <Button kind="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
