/**
 * The parcel under the invoice (never printed): the courier, consignment id and tracking code,
 * the parcel's status and its timeline; a Pending order without a parcel is booked from here.
 */
import { Button } from '../buttons';
import { Panel } from '../page';
import { courierName, ShipmentBadge, Timeline, type ParcelView } from '../../shipments/status';
import { canBook, useBookParcel } from './book-parcel';
import { useMay } from '../use-may';

const english = (_bn: string, en: string) => en;

export function ShipmentPanel({ orderId, status, confirmation, parcel }: { orderId: number; status: string; confirmation?: string; parcel: ParcelView }) {
  const booking = useBookParcel();
  // Booking is packer+ (the server refuses the others): it is not offered to them.
  const mayBook = useMay('packer');
  return (
    <div className="no-print mx-auto mt-6 max-w-[210mm]" data-testid="shipment-panel">
      <Panel title="Parcel">
        <dl className="mb-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Status: </dt>
            <dd className="inline">
              <ShipmentBadge status={parcel.shipment_status} english />
            </dd>
          </div>
          {parcel.courier && (
            <div>
              <dt className="inline font-medium">Courier: </dt>
              <dd className="inline" data-testid="shipment-courier">
                {courierName(parcel.courier, english)}
              </dd>
            </div>
          )}
          {parcel.consignment_id && (
            <div>
              <dt className="inline font-medium">Consignment: </dt>
              <dd className="inline font-mono" data-testid="shipment-consignment">
                {parcel.consignment_id}
              </dd>
            </div>
          )}
          {parcel.tracking_code && (
            <div>
              <dt className="inline font-medium">Tracking code: </dt>
              <dd className="inline font-mono" data-testid="shipment-tracking-code">
                {parcel.tracking_code}
              </dd>
            </div>
          )}
        </dl>
        {mayBook && canBook({ status, confirmation, shipment_status: parcel.shipment_status }) && (
          <Button className="mb-3" onClick={() => booking.open(orderId)} data-testid="book-parcel">
            Book parcel
          </Button>
        )}
        {parcel.shipment_status && <Timeline events={parcel.events} english />}
      </Panel>
      {booking.dialog}
    </div>
  );
}
