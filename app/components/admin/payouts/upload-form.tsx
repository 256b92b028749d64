/**
 * Uploading a courier's payout sheet: the courier, the day the money came, the payout's
 * reference, and the file (CSV with the header `consignment_id,cod_amount,delivery_fee`, or the
 * same as XLSX), sent as multipart to `POST /api/courier-payouts/`. The answer — matched, short
 * and unknown lines — is handed to the page to show; a refused sheet lists each bad row under
 * the file, and the same sheet twice is refused with the batch it was.
 */
import { useRevalidator } from 'react-router';
import { COURIERS, COURIER_IDS } from '../../../../domain/providers';
import { Field, SelectField } from '../../form/field';
import { FormAlert } from '../../form/messages';
import { useApiForm } from '../../form/use-api-form';
import { formText } from '../../form/values';
import { Button } from '../buttons';
import { checkPayoutForm, dhakaToday, readPayoutResult, type PayoutResult } from './payouts';

const fieldsOf = (form: HTMLFormElement) => ({ courier: formText(form, 'courier'), paid_at: formText(form, 'paid_at'), reference: formText(form, 'reference') });

const fileOf = (form: HTMLFormElement) => {
  const f = new FormData(form).get('file');
  return f instanceof File && f.size > 0 ? f : null;
};

export function PayoutUploadForm({ onResult }: { onResult: (result: PayoutResult) => void }) {
  const revalidator = useRevalidator();
  const form = useApiForm<FormData>({
    method: 'POST',
    url: '/api/courier-payouts/',
    payload: (f) => new FormData(f),
    validate: (_fd, f) => checkPayoutForm(fieldsOf(f), fileOf(f)),
    success: (res) => {
      const r = readPayoutResult(res.body);
      return r ? `Payout #${r.id}: ${r.matched} matched, ${r.short.length} short, ${r.unknown.length} unknown.` : 'The payout sheet was read.';
    },
    then: async (res) => {
      const r = readPayoutResult(res.body);
      if (r) onResult(r);
      await revalidator.revalidate();
    },
    reset: true,
  });
  const fileErrors = form.errors.file ?? [];
  return (
    <form {...form.props} className="grid gap-3" data-testid="payout-upload" encType="multipart/form-data">
      <FormAlert text={form.alert} />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Courier" name="courier" required options={COURIER_IDS.map((id) => ({ value: id, label: COURIERS[id].label }))} errors={form.errors} />
        <Field label="Paid on" name="paid_at" type="date" required defaultValue={dhakaToday()} errors={form.errors} />
        <Field label="Reference (the courier's payout number)" name="reference" maxLength={200} errors={form.errors} />
      </div>
      <label className="block text-sm">
        <span className="font-medium">
          Payout sheet (CSV or XLSX)<span className="text-red-700"> *</span>
        </span>
        <input
          type="file"
          name="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-invalid={fileErrors.length ? true : undefined}
          className="mt-1 block w-full text-sm file:mr-2 file:rounded file:border-0 file:bg-stone-200 file:px-2 file:py-1"
          data-testid="payout-file"
        />
        <span className="text-xs text-stone-600">
          Columns: <code>consignment_id,cod_amount,delivery_fee</code> (delivery_fee may be left out).
        </span>
      </label>
      {fileErrors.length > 0 && (
        <ul className="list-inside list-disc rounded border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-800" role="alert" data-testid="error-file">
          {fileErrors.slice(0, 50).map((m, i) => (
            <li key={i}>{m}</li>
          ))}
          {fileErrors.length > 50 && <li>… and {fileErrors.length - 50} more.</li>}
        </ul>
      )}
      <div>
        <Button type="submit" disabled={form.busy} data-testid="payout-submit">
          {form.busy ? 'Matching…' : 'Upload and match'}
        </Button>
      </div>
    </form>
  );
}
