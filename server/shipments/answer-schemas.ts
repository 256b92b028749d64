/** What the shipment routes answer, in zod for the OpenAPI document: an order's tracking. */
import { z } from 'zod';

export const trackAnswer = z.object({
  order: z.int().min(1),
  status: z.string(),
  payment_status: z.string(),
  shipment_status: z.string().nullable(),
  courier: z.string().nullable(),
  courier_label: z.string().nullable(),
  tracking_code: z.string().nullable(),
  events: z.array(z.object({ at: z.string(), status: z.string(), message: z.string() }).loose()),
});
