/**
 * `counter_discount_limits` (issue 36): the most each staff role may take off a counter sale, in
 * percent of its subtotal. Apart from domain/counter.ts so the settings (read by every page)
 * do not pull in the counter's search and ISBN code.
 */
import { z } from 'zod';
import { STAFF_ROLES } from './roles';

export const COUNTER_LIMIT_MESSAGE = 'প্রতিটি ভূমিকার জন্য ০–১০০ শতাংশ দিন। (0 to 100 percent per role.)';
export const counterDiscountLimitsSchema = z.partialRecord(
  z.enum(STAFF_ROLES, { error: COUNTER_LIMIT_MESSAGE }),
  z.number({ error: COUNTER_LIMIT_MESSAGE }).int(COUNTER_LIMIT_MESSAGE).min(0, COUNTER_LIMIT_MESSAGE).max(100, COUNTER_LIMIT_MESSAGE),
);
export type CounterDiscountLimits = z.infer<typeof counterDiscountLimitsSchema>;
export const DEFAULT_COUNTER_DISCOUNT_LIMITS: CounterDiscountLimits = { owner: 100, manager: 20, support: 5, packer: 5, accountant: 0 };

