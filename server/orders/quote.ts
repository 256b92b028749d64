/**
 * The cart's quote (`POST /api/cart/quote/`, open to anyone): the cart priced by the same path as
 * checkout (pricing.ts), so what the cart shows is what checkout charges.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../accounts/sessions';
import type { SettingsService } from '../settings/service';
import type { CatalogService } from '../catalog/service';
import type { PromotionService } from '../promotions/service';
import { cartLines, cartQuoteSchema } from '../../domain/orders';
import { findOption } from '../../domain/settings';
import { couponMessage, normalizeCode } from '../../domain/promotions';
import { priceCart } from './pricing';
import type { CheckoutMeta } from './limits';
import type { CouponTries } from './coupon-tries';

export interface QuoteDeps {
  settings: SettingsService;
  stock: CatalogService['stock'];
  promotions: PromotionService;
  couponTries: CouponTries;
}

export function createQuote(db: Kysely<DB>, deps: QuoteDeps) {
  /**
   * The cart priced as checkout would price it now (pricing.ts): each line's promotion, the
   * discounts and the totals, with the chosen delivery option (else the first). A coupon that
   * cannot be used gives `coupon_error` and the figures without it; products no longer offered
   * are left out. Every distinct code tried counts against the caller (`meta.ip`) and the
   * customer; past the limit a code answers 429 (coupon-tries.ts).
   */
  return async function quote(user: AuthUser | null, body: unknown, meta: CheckoutMeta = {}) {
    const settings = await deps.settings.get();
    const input = cartQuoteSchema.parse(body);
    const wanted = cartLines(input);
    const products = await deps.stock.forCheckout(db, wanted.map((l) => l.product));
    const byId = new Map(products.filter((p) => p.is_active === 1).map((p) => [p.id, p]));
    const lines = wanted.filter((l) => byId.has(l.product));
    const delivery = (input.delivery_option && findOption(settings.delivery_options, input.delivery_option)) || settings.delivery_options[0]!;
    const price = (coupon: string | undefined) =>
      priceCart(db, deps.promotions, {
        userId: user?.id ?? null,
        lines,
        products: byId,
        deliveryCharge: lines.length ? delivery.charge : 0,
        coupon,
        freeDeliveryThreshold: settings.free_delivery_threshold,
      });
    const code = input.coupon?.trim() ? normalizeCode(input.coupon) : null;
    const who = { ip: meta.ip, userId: user?.id ?? null };
    if (code) await deps.couponTries.admit(who, code);
    const first = await price(input.coupon);
    if (first.ok) return { ...first.quote, delivery_option: delivery.id, coupon: code };
    const without = await price(undefined);
    if (!without.ok) throw new Error('a quote without a coupon cannot be refused');
    return { ...without.quote, delivery_option: delivery.id, coupon: null, coupon_error: couponMessage(first.problem, first.coupon) };
  };
}
