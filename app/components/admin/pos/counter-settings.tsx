/**
 * The counter's setting on the settings screen (issue 36): `counter_discount_limits`, the most
 * each staff role may take off a counter sale, in percent of its subtotal (the server refuses
 * more; the counter screen shows each seller their own limit). Bengali first, English beside.
 */
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../domain/roles';
import type { ShopSettings } from '../../../../domain/settings';
import type { FieldErrors } from '../../form/api';
import { Field, FieldError } from '../../form/field';
import { formText } from '../../form/values';
import { Panel } from '../page';

type CounterSettings = Pick<ShopSettings, 'counter_discount_limits'>;

/** Each role's percent as typed (`counter_limit_<role>`); an empty box gives that role no discount (0). */
export function counterSettingsOf(form: HTMLFormElement): CounterSettings {
  const limits: Partial<Record<StaffRole, number>> = {};
  for (const role of STAFF_ROLES) {
    const text = formText(form, `counter_limit_${role}`).trim();
    limits[role] = text === '' ? 0 : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  }
  return { counter_discount_limits: limits };
}

export function CounterSettingsPanel({ settings, errors }: { settings: CounterSettings; errors: FieldErrors }) {
  return (
    <Panel title="কাউন্টার (Counter)">
      <p className="mb-2 text-sm text-stone-600">কাউন্টারে বিক্রিতে কে উপমোটের সর্বোচ্চ কত শতাংশ ছাড় দিতে পারেন। (The most each role may take off a counter sale, percent of its subtotal.)</p>
      <div className="grid gap-3 sm:grid-cols-5" data-testid="counter-settings">
        {STAFF_ROLES.map((role) => (
          <Field
            key={role}
            name={`counter_limit_${role}`}
            label={`${ROLE_LABELS[role].bn} (${ROLE_LABELS[role].en}), %`}
            type="number"
            min={0}
            max={100}
            defaultValue={settings.counter_discount_limits[role] ?? 0}
            errors={errors}
          />
        ))}
      </div>
      <FieldError errors={errors} name="counter_discount_limits" />
    </Panel>
  );
}
