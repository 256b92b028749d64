/**
 * The stock settings on the settings screen: the low-stock default — a product whose stock is at
 * or under it (unless it has its own threshold) is on the low-stock list and in the managers'
 * morning SMS. Bengali first, English beside.
 */
import type { ShopSettings } from '../../../../domain/settings';
import type { FieldErrors } from '../../form/api';
import { Field } from '../../form/field';
import { formText } from '../../form/values';
import { Panel } from '../page';

/** The setting as typed: a whole number, anything else NaN so the schema names the field. */
export function stockSettingsOf(form: HTMLFormElement): Pick<ShopSettings, 'low_stock_default'> {
  const text = formText(form, 'low_stock_default');
  return { low_stock_default: /^\d+$/.test(text) ? Number(text) : Number.NaN };
}

export function StockSettingsPanel({ settings, errors }: { settings: Pick<ShopSettings, 'low_stock_default'>; errors: FieldErrors }) {
  return (
    <Panel title="স্টক (Stock)">
      <Field
        name="low_stock_default"
        label="স্টক কমের সীমা (Low stock at or under, units)"
        type="number"
        min={0}
        max={10000}
        defaultValue={settings.low_stock_default}
        hint="যে পণ্যের নিজের সীমা নেই তার জন্য; সকাল ৯টায় ম্যানেজাররা এসএমএস পান। (For products without their own threshold; managers get an SMS at 9 am.)"
        errors={errors}
      />
    </Panel>
  );
}
