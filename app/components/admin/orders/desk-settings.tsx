/**
 * The order desk's settings on the settings screen: whether new orders wait for a confirmation
 * (none, the buyer's SMS link, or staff only), after how many hours an unconfirmed order is
 * cancelled, and the shop's own numbers that get a line for each new order; then returns and
 * the courier's money: how many days after delivery a customer may ask for a return, and what
 * each courier charges a parcel when its booking answer does not say. Labels in Bengali first,
 * English beside them, as the messages the server answers with.
 */
import { COURIERS, COURIER_IDS, type CourierId } from '../../../../domain/providers';
import { CONFIRMATION_MODES, type ConfirmationMode, type ShopSettings } from '../../../../domain/settings';
import type { FieldErrors } from '../../form/api';
import { Field, FieldError, SelectField, TextArea } from '../../form/field';
import { formText } from '../../form/values';
import { Panel } from '../page';

const MODE_TEXT: Record<ConfirmationMode, string> = {
  none: 'কনফার্ম লাগবে না — চেকআউটেই কনফার্ম (None: confirmed at checkout)',
  sms: 'এসএমএস লিংকে ক্রেতা কনফার্ম করবেন (SMS link: the buyer confirms)',
  staff: 'শুধু স্টাফ কনফার্ম করবেন, ফোন করে (Staff only, by a call)',
};

type DeskSettings = Pick<ShopSettings, 'order_confirmation' | 'unconfirmed_cancel_hours' | 'new_order_alert_phones' | 'return_days' | 'courier_rates'>;

/** A whole number as typed; anything else is NaN, so the schema names the field. */
const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

/** Each courier's rate as typed (`courier_rate_<id>`): an empty box leaves that courier without a rate. */
export function courierRatesOf(read: (name: string) => string): Partial<Record<CourierId, number>> {
  const rates: Partial<Record<CourierId, number>> = {};
  for (const id of COURIER_IDS) {
    const text = read(`courier_rate_${id}`).trim();
    if (text !== '') rates[id] = whole(text);
  }
  return rates;
}

/** The settings as typed: hours and days as whole numbers, one phone number a line, a rate per courier. */
export function deskSettingsOf(form: HTMLFormElement): DeskSettings {
  return {
    order_confirmation: formText(form, 'order_confirmation') as ConfirmationMode,
    unconfirmed_cancel_hours: whole(formText(form, 'unconfirmed_cancel_hours')),
    new_order_alert_phones: formText(form, 'new_order_alert_phones')
      .split(/[\n,]+/)
      .map((p) => p.trim())
      .filter(Boolean),
    return_days: whole(formText(form, 'return_days')),
    courier_rates: courierRatesOf((name) => formText(form, name)),
  };
}

export function DeskSettingsPanel({ settings, errors }: { settings: DeskSettings; errors: FieldErrors }) {
  return (
    <>
      <Panel title="অর্ডার ডেস্ক (Order desk)">
        <div className="grid gap-3 sm:grid-cols-2" data-testid="desk-settings">
          <SelectField
            name="order_confirmation"
            label="নতুন অর্ডার কনফার্মেশন (Confirming new orders)"
            defaultValue={settings.order_confirmation}
            empty={null}
            options={CONFIRMATION_MODES.map((m) => ({ value: m, label: MODE_TEXT[m] }))}
            hint="কনফার্ম না হওয়া অর্ডার কুরিয়ারে বুক করা যায় না। (An unconfirmed order cannot be booked with a courier.)"
            errors={errors}
          />
          <Field
            name="unconfirmed_cancel_hours"
            label="কত ঘণ্টা পর অকনফার্মড অর্ডার বাতিল (Cancel unconfirmed orders after, hours)"
            type="number"
            min={0}
            max={720}
            defaultValue={settings.unconfirmed_cancel_hours}
            hint="০ = কখনও না; স্টক ও কুপন ফেরত যায়। (0 = never; stock and coupon uses come back.)"
            errors={errors}
          />
          <TextArea
            name="new_order_alert_phones"
            label="নতুন অর্ডারের এসএমএস যাবে এই নাম্বারে (New-order SMS to these numbers)"
            defaultValue={settings.new_order_alert_phones.join('\n')}
            hint="প্রতি লাইনে একটি, সর্বোচ্চ ৫টি; কেবল স্টাফ দেখেন। (One a line, up to 5; staff only.)"
            rows={3}
            className="sm:col-span-2"
            errors={errors}
          />
        </div>
      </Panel>
      <Panel title="ফেরত ও কুরিয়ারের টাকা (Returns and the courier's money)">
        <div className="grid gap-3 sm:grid-cols-3" data-testid="returns-settings">
          <Field
            name="return_days"
            label="ডেলিভারির কত দিনের মধ্যে ফেরতের অনুরোধ (Return requests within, days)"
            type="number"
            min={0}
            max={90}
            defaultValue={settings.return_days}
            hint="০ = অনলাইনে ফেরতের অনুরোধ নেই, শুধু ফোনে। (0 = by phone only.)"
            errors={errors}
          />
          {COURIER_IDS.map((id) => (
            <Field
              key={id}
              name={`courier_rate_${id}`}
              label={`${COURIERS[id].name.bn}-এর পার্সেল চার্জ, ৳ (${COURIERS[id].label}'s charge per parcel)`}
              type="number"
              min={0}
              defaultValue={settings.courier_rates[id] ?? ''}
              hint="বুকিংয়ের উত্তরে চার্জ না থাকলে; খালি = জানা নেই। (When the booking answer has none; empty = unknown.)"
              errors={errors}
            />
          ))}
        </div>
        <FieldError errors={errors} name="courier_rates" />
      </Panel>
    </>
  );
}
