/**
 * The order list's filters: tabs for the short lists of values (status, confirmation, payment,
 * parcel), the "to confirm" view with its count, and a GET form for source, courier and the
 * Dhaka days from … to. Every filter lives in the address, so a filtered list has its own link
 * and works without JavaScript.
 */
import { Link } from 'react-router';
import { ORDER_STATUSES } from '../../../../domain/orders';
import { PAYMENT_STATUSES } from '../../../../domain/payments';
import { ORDER_CONFIRMATIONS, ORDER_SOURCES } from '../../../../domain/order-desk';
import { COURIER_IDS, COURIERS } from '../../../../domain/providers';
import { PAYMENT_STATUS_TEXT } from '../../payments/status';
import { SHIPMENT_STATUS_TEXT, SHIPMENT_STATUSES } from '../../shipments/status';
import { FilterForm, FilterInput, FilterSelect } from '../filters';
import { isToConfirm, listLink, SOURCE_TEXT, TO_CONFIRM, type ListFilters } from './desk';
import { ExportLinks } from './export-links';

/** The filters the form sends; the tabs' values ride along as hidden inputs. */
const FORM_FIELDS = ['source', 'courier', 'from', 'to'] as const;

function FilterTabs({ label, name, values, current, text }: { label: string; name: string; values: readonly string[]; current: ListFilters; text: (v: string) => string }) {
  return (
    <nav className="mt-3 flex flex-wrap items-center gap-1 text-sm" aria-label={label} data-testid={`filter-${name}`}>
      <span className="mr-1 text-xs font-semibold text-stone-600 uppercase">{label}</span>
      {['', ...values].map((v) => {
        const on = v === (current[name] ?? '');
        return (
          <Link key={v || 'all'} to={listLink(current, { [name]: v, page: '' })} aria-current={on ? 'page' : undefined} className={`rounded-full border px-3 py-0.5 ${on ? 'border-brand bg-brand text-white' : 'border-stone-300 bg-white hover:bg-stone-100'}`}>
            {v ? text(v) : 'All'}
          </Link>
        );
      })}
    </nav>
  );
}

const CONFIRMATION_TEXT: Record<string, string> = { confirmed: 'Confirmed', unconfirmed: 'Not confirmed' };

/** The desk's view of what waits for a call: a link with its count, shown pressed while open. */
export function ToConfirmLink({ current, count }: { current: ListFilters; count: number }) {
  const on = isToConfirm(current);
  return (
    <Link
      to={listLink({ search: current.search ?? '' }, TO_CONFIRM)}
      aria-current={on ? 'page' : undefined}
      className={`inline-flex items-center gap-2 rounded border px-3 py-1.5 text-sm font-semibold ${on ? 'border-amber-600 bg-amber-500 text-white' : 'border-amber-400 bg-amber-50 text-amber-950 hover:bg-amber-100'}`}
      data-testid="to-confirm"
    >
      To confirm
      <span className={`rounded-full px-2 text-xs ${on ? 'bg-white/25' : 'bg-amber-200'}`} data-testid="to-confirm-count">
        {count}
      </span>
    </Link>
  );
}

export function OrderFilters({ current }: { current: ListFilters }) {
  const filtered = FORM_FIELDS.some((k) => current[k]);
  return (
    <>
      <FilterTabs label="Status" name="status" values={ORDER_STATUSES} current={current} text={(v) => v} />
      <FilterTabs label="Confirmation" name="confirmation" values={ORDER_CONFIRMATIONS} current={current} text={(v) => CONFIRMATION_TEXT[v] ?? v} />
      <FilterTabs label="Payment" name="payment_status" values={PAYMENT_STATUSES} current={current} text={(v) => PAYMENT_STATUS_TEXT[v as keyof typeof PAYMENT_STATUS_TEXT].en} />
      <FilterTabs label="Money to give back" name="refund_due" values={['1']} current={current} text={() => 'Refund due'} />
      <FilterTabs label="Parcel" name="shipment_status" values={SHIPMENT_STATUSES} current={current} text={(v) => SHIPMENT_STATUS_TEXT[v as keyof typeof SHIPMENT_STATUS_TEXT].en} />
      <div className="mt-3" data-testid="order-filter-form">
        <FilterForm filtered={filtered}>
          {Object.entries(current)
            .filter(([k, v]) => v && k !== 'page' && !(FORM_FIELDS as readonly string[]).includes(k))
            .map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          <FilterSelect label="Source" name="source" defaultValue={current.source ?? ''} choices={ORDER_SOURCES.map((s) => [s, SOURCE_TEXT[s]] as const)} />
          <FilterSelect label="Courier" name="courier" defaultValue={current.courier ?? ''} choices={COURIER_IDS.map((c) => [c, COURIERS[c].name.en] as const)} />
          <FilterInput label="From (Dhaka day)" type="date" name="from" defaultValue={current.from ?? ''} />
          <FilterInput label="To" type="date" name="to" defaultValue={current.to ?? ''} />
        </FilterForm>
      </div>
      <ExportLinks current={current} />
    </>
  );
}
