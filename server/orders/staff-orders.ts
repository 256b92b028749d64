/**
 * Orders staff take for a customer by phone, Facebook or in the shop (`POST /api/order/`, issue
 * 33). The order goes through checkout itself (checkout.ts, with a StaffPlacement), so it is
 * priced, checked and stocked by the same rules as the web shop's: figures the client sent are
 * compared and answered 409 with the server's when they differ, units per line hold, online
 * payment options answer 400, and the customer gets the usual SMS. What differs: the customer is
 * the account of `customer_phone`, found as it is (any role) or made without a password; the
 * per-customer and per-address limits do not apply; the order is confirmed by staff and carries
 * where it came from and staff's note.
 */
import crypto from 'node:crypto';
import { ZodError } from 'zod';
import { HttpError, badRequest, zodFieldErrors, type FieldErrors } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import { publicUser, type UserStore } from '../accounts/users';
import type { SettingsService } from '../settings/service';
import { normalizePhone } from '../../domain/phone';
import { checkoutSchemaFor } from './checkout-schema';
import { findOption, isOnlineOption } from '../../domain/settings';
import { DESK_MESSAGES, staffOrderSchema, type StaffOrderInput } from '../../domain/order-desk';
import type { CheckoutResult, StaffPlacement } from './checkout';
import type { CheckoutMeta } from './limits';

export const STAFF_ORDER_MESSAGES = {
  created: 'অর্ডারটি নেওয়া হয়েছে। (The order was placed.)',
  name: 'নতুন গ্রাহকের নাম দিন। (Give the new customer a name.)',
} as const;

type Checkout = (user: AuthUser, payload: unknown, idempotencyKey?: string, meta?: CheckoutMeta, staff?: StaffPlacement) => Promise<CheckoutResult>;

interface StaffOrderDeps {
  /** Checkout itself (checkout.ts createCheckout). */
  checkout: Checkout;
  settings: SettingsService;
  users: Pick<UserStore, 'findByPhone' | 'findOrMakeByPhone'>;
  /** The order as staff see it (reads.ts viewOrder). */
  view: (user: AuthUser, id: number) => Promise<unknown>;
}

/** Checkout names the lines `orderItems` and the delivery phone `phone_number`; this call names them `lines` and `customer_phone`. */
const FIELD_NAMES: Record<string, string> = { orderItems: 'lines', savedCart: 'lines', phone_number: 'customer_phone' };
function renamed(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const [head, ...rest] = key.split('.');
    const name = [FIELD_NAMES[head!] ?? head, ...rest].join('.');
    (out[name] ??= []).push(...messages);
  }
  return out;
}

/**
 * An Idempotency-Key is the staff member's own: keys are kept per customer account, so the key
 * stored is this member's id with a digest of theirs (two staff sending the same key for one
 * customer never answer each other's order). Too long a key answers as checkout's does.
 */
function staffKey(staffId: number, key: string | undefined): string | undefined {
  const k = key?.trim();
  if (!k || k.length > 200) return k || undefined;
  return `staff:${staffId}:${crypto.createHash('sha256').update(k).digest('base64url')}`;
}

/** Errors in this call's own field names, whether zod's or checkout's. */
function inOwnNames(error: unknown): unknown {
  if (error instanceof ZodError) {
    const errors = renamed(zodFieldErrors(error));
    return badRequest(Object.values(errors)[0]?.[0] ?? 'Invalid input.', errors);
  }
  if (error instanceof HttpError && error.errors) return new HttpError(error.statusCode, error.message, renamed(error.errors), error.extra);
  return error;
}

export function createStaffOrders(deps: StaffOrderDeps) {
  return {
    /** Places the order; its id and the order as staff see it. */
    async place(staff: AuthUser, body: unknown, idempotencyKey?: string): Promise<{ order_id: number; order: unknown }> {
      const input: StaffOrderInput = staffOrderSchema.parse(body);
      const { customer_phone, lines, source, note, ...fields } = input;
      const phone = normalizePhone(customer_phone)!;
      const payload = { ...fields, phone_number: phone, orderItems: lines };
      try {
        // The form is checked before an account is made for it; checkout checks it all again.
        const settings = await deps.settings.get();
        const form = checkoutSchemaFor(settings).parse(payload);
        if (isOnlineOption(findOption(settings.payment_options, form.payment_option)!)) throw badRequest(DESK_MESSAGES.onlinePayment, { payment_option: [DESK_MESSAGES.onlinePayment] });
        const name = fields.name ?? '';
        // A new customer needs a name of their own; a known number keeps the account's.
        if (!name && !(await deps.users.findByPhone(phone))) throw badRequest(STAFF_ORDER_MESSAGES.name, { name: [STAFF_ORDER_MESSAGES.name] });
        const { user } = await deps.users.findOrMakeByPhone(phone, name || phone);
        const placement: StaffPlacement = { staffId: staff.id, source, note: note ?? '' };
        const result = await deps.checkout(publicUser(user), payload, staffKey(staff.id, idempotencyKey), {}, placement);
        return { order_id: result.order_id, order: await deps.view(staff, result.order_id) };
      } catch (error) {
        throw inOwnNames(error);
      }
    },
  };
}

