/**
 * Pathao's parcel status webhook: `X-Pathao-Signature: <PATHAO_WEBHOOK_SECRET>`, answered 202.
 * Pathao's integration check expects PATHAO_WEBHOOK_INTEGRATION_SECRET back in a header (the
 * value its merchant panel shows), when that is set.
 */
import { parcelFields, sameSecret } from '../webhook-kit';
import type { CourierWebhook } from '../plugin';

export const pathaoWebhook: CourierWebhook<'webhookSecret' | 'webhookIntegrationSecret'> = {
  path: '/webhooks/pathao',
  summary: "Pathao's parcel status webhook (X-Pathao-Signature)",
  status: 202,
  // Pathao names the parcel by its consignment id and our order as `merchant_order_id`; its
  // delivered and partial-delivery events carry `collected_amount`, most events `delivery_fee`.
  ...parcelFields({ consignment: 'consignment_id', order: 'merchant_order_id', collected: 'collected_amount', fee: 'delivery_fee' }),
  authorised(request, reply, settings) {
    const signature = request.headers['x-pathao-signature'];
    const ok = sameSecret(typeof signature === 'string' ? signature : undefined, settings.webhookSecret);
    if (ok && settings.webhookIntegrationSecret) reply.header('X-Pathao-Merchant-Webhook-Integration-Secret', settings.webhookIntegrationSecret);
    return ok;
  },
};
