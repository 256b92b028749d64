/** Steadfast's parcel status webhook: `Authorization: Bearer <STEADFAST_WEBHOOK_TOKEN>`. */
import { parcelFields, sameSecret } from '../webhook-kit';
import type { CourierWebhook } from '../plugin';

export const steadfastWebhook: CourierWebhook<'webhookToken'> = {
  path: '/webhooks/steadfast',
  summary: "Steadfast's parcel status webhook (Bearer: the webhook token)",
  // Steadfast names the parcel by its consignment id and our order as `invoice`; its
  // delivery_status notice carries `cod_amount` (what was collected) and `delivery_charge`.
  ...parcelFields({ consignment: 'consignment_id', order: 'invoice', collected: 'cod_amount', fee: 'delivery_charge' }),
  authorised(request, _reply, settings) {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : undefined;
    return sameSecret(token, settings.webhookToken);
  },
};
