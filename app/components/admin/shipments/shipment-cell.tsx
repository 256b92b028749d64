/** The parcel column of the order list: its status, courier and tracking code, or the Book parcel button. */
import { Button } from '../buttons';
import { courierName, ShipmentBadge, type ParcelView } from '../../shipments/status';
import { canBook } from './book-parcel';

const english = (_bn: string, en: string) => en;

export function ShipmentCell({ status, confirmation, parcel, onBook }: { status: string; confirmation?: string; parcel: ParcelView; onBook?: (() => void) | undefined }) {
  return (
    <div className="grid justify-items-start gap-0.5 text-xs">
      <ShipmentBadge status={parcel.shipment_status} english />
      {parcel.courier && <span className="text-stone-600">{courierName(parcel.courier, english)}</span>}
      {parcel.tracking_code && (
        <span className="font-mono" data-testid="tracking-code" title="Tracking code">
          {parcel.tracking_code}
        </span>
      )}
      {onBook && canBook({ status, confirmation, shipment_status: parcel.shipment_status }) && (
        <Button size="sm" kind="secondary" onClick={onBook} data-testid="book-parcel">
          Book parcel
        </Button>
      )}
    </div>
  );
}
