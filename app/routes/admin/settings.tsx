/**
 * Shop settings, the one place shop-specific values live: name, footer texts, contacts, wallet
 * number, delivery charges and checkout limits, saved with PUT /api/settings/. The online gateways
 * (bKash online, SSLCommerz) are offered when the server is configured for them; they are listed, not edited.
 * The order desk's settings (confirmation, auto-cancel hours, alert numbers) and those of returns and
 * the courier's money (return days, each courier's parcel charge) are desk-settings.tsx.
 */
import type { Route } from './+types/settings';
import { requireAdminPage } from './guard.server';
import { isOnlineOption, settingsUpdateSchema, type ShopSettings } from '../../../domain/settings';

const LIMITS = [
  ['max_units_per_line', 'Units of one product per order'],
  ['max_open_orders_per_customer', 'Open unpaid orders per customer'],
  ['checkouts_per_hour', 'Checkouts an hour (per customer and per address)'],
  ['sms_daily_limit_per_number', 'Codes and notices to one number a day (order SMS not counted)'],
  ['sms_hourly_limit', 'SMS an hour, whole shop (codes and notices then wait)'],
] as const;

/** A whole number as typed; anything else is NaN, so the schema names the field. */
const wholeNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);
import { Field, FieldError, TextArea } from '../../components/form/field';
import { FormErrors } from '../../components/form/messages';
import { useApiForm } from '../../components/form/use-api-form';
import { checkWith, formText } from '../../components/form/values';
import { SaveButton } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { DeskSettingsPanel, deskSettingsOf } from '../../components/admin/orders/desk-settings';
import { StockSettingsPanel, stockSettingsOf } from '../../components/admin/stock/stock-settings';
import { CounterSettingsPanel, counterSettingsOf } from '../../components/admin/pos/counter-settings';
import { errorsByField } from '../../components/admin/orders/desk';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { settings: await context.services.settings.get() };
}

export function meta() {
  return [{ title: 'Settings · Back office' }];
}

function payload(current: ShopSettings) {
  return (form: HTMLFormElement): Partial<ShopSettings> => {
    const fd = new FormData(form);
    return {
      shop_name: formText(form, 'shop_name'),
      description: formText(form, 'description'),
      address: formText(form, 'address'),
      email: formText(form, 'email'),
      phones: formText(form, 'phones')
        .split(/[\n,]+/)
        .map((p) => p.trim())
        .filter(Boolean),
      wallet_number: formText(form, 'wallet_number'),
      social_url: formText(form, 'social_url'),
      delivery_options: current.delivery_options.map((o, i) => ({
        id: o.id,
        label: formText(form, `delivery_label_${i}`),
        charge: wholeNumber(formText(form, `delivery_charge_${i}`)),
      })),
      ...Object.fromEntries(LIMITS.map(([key]) => [key, wholeNumber(formText(form, key))])),
      // Empty: no free delivery by subtotal.
      free_delivery_threshold: formText(form, 'free_delivery_threshold') === '' ? null : wholeNumber(formText(form, 'free_delivery_threshold')),
      ...deskSettingsOf(form),
      ...stockSettingsOf(form),
      ...counterSettingsOf(form),
      payment_options: current.payment_options.flatMap((o, i) => (isOnlineOption(o) ? [] : [{ id: o.id, label: formText(form, `payment_label_${i}`), wallet: fd.get(`payment_wallet_${i}`) === 'on' }])),
    };
  };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const s = loaderData.settings;
  const build = payload(s);
  const form = useApiForm({
    method: 'PUT',
    url: '/api/settings/',
    payload: build,
    validate: (body) => checkWith(settingsUpdateSchema, body),
    success: 'Settings saved!',
    then: 'reload',
    reset: false,
  });
  // The server names an item of a list by its path (new_order_alert_phones.1): shown under its field.
  const e = errorsByField(form.errors);
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <form {...form.props} data-testid="settings-form">
        <Panel title="Shop">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Shop name" name="shop_name" errors={e} defaultValue={s.shop_name} required />
            <Field label="E-mail" name="email" type="email" errors={e} defaultValue={s.email} />
            <TextArea label="Footer description" name="description" errors={e} defaultValue={s.description} className="sm:col-span-2" />
            <TextArea label="Address" name="address" errors={e} defaultValue={s.address} />
            <TextArea label="Phone numbers (one a line)" name="phones" errors={e} defaultValue={s.phones.join('\n')} />
            <Field label="Mobile-wallet number (bKash / Nagad / Rocket)" name="wallet_number" errors={e} defaultValue={s.wallet_number} />
            <Field label="Social page link (http:// or https://)" name="social_url" type="url" errors={e} defaultValue={s.social_url} placeholder="https://facebook.com/…" />
          </div>
        </Panel>
        <Panel title="Delivery options and charges">
          <div className="grid gap-3">
            {s.delivery_options.map((o, i) => (
              <div key={o.id} className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <Field label={`Label (${o.id})`} name={`delivery_label_${i}`} defaultValue={o.label} />
                <Field label="Charge (৳)" name={`delivery_charge_${i}`} type="number" min={0} defaultValue={o.charge} />
              </div>
            ))}
          </div>
          <FieldError errors={e} name="delivery_options" />
        </Panel>
        <Panel title="Payment options">
          <div className="grid gap-3">
            {s.payment_options.map((o, i) =>
              isOnlineOption(o) ? (
                <p key={o.id} className="rounded bg-stone-50 px-3 py-2 text-sm" data-testid="online-option">
                  <strong>{o.label}</strong> <span className="text-stone-600">({o.id}) — paid online through the gateway; configured on the server, not here.</span>
                </p>
              ) : (
                <div key={o.id} className="grid items-end gap-3 sm:grid-cols-[1fr_10rem]">
                  <Field label={`Label (${o.id})`} name={`payment_label_${i}`} defaultValue={o.label} />
                  <label className="flex items-center gap-2 pb-2 text-sm">
                    <input type="checkbox" name={`payment_wallet_${i}`} defaultChecked={o.wallet} /> Mobile wallet
                  </label>
                </div>
              ),
            )}
          </div>
          <FieldError errors={e} name="payment_options" />
        </Panel>
        <Panel title="Checkout limits">
          <p className="mb-3 text-sm text-stone-600">Against automated orders and SMS to strangers: 0 means no limit.</p>
          <div className="grid gap-3 sm:grid-cols-3">
            {LIMITS.map(([key, label]) => (
              <Field key={key} label={label} name={key} type="number" min={0} errors={e} defaultValue={s[key]} />
            ))}
          </div>
        </Panel>
        <Panel title="Free delivery">
          <Field
            label="Free delivery from a subtotal of (taka; empty: never)"
            name="free_delivery_threshold"
            type="number"
            min={0}
            errors={e}
            defaultValue={s.free_delivery_threshold ?? ''}
          />
        </Panel>
        <DeskSettingsPanel settings={s} errors={e} />
        <StockSettingsPanel settings={s} errors={e} />
        <CounterSettingsPanel settings={s} errors={e} />
        <FormErrors errors={e} />
        <SaveButton busy={form.busy}>Save settings</SaveButton>
      </form>
    </>
  );
}
