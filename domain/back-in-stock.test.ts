import { describe, expect, it } from 'vitest';
import { BACK_IN_STOCK_MESSAGES, backInStockText, cameBack, guestBackInStockSchema, backInStockCodeText, backInStockRequestSchema } from './back-in-stock';

describe('backInStockRequestSchema', () => {
  it('accepts nothing at all (a signed-in shopper) and treats empty fields as absent', () => {
    expect(backInStockRequestSchema.parse({})).toEqual({});
    expect(backInStockRequestSchema.parse({ phone_number: '', otp: ' ' })).toEqual({ phone_number: undefined, otp: undefined });
  });

  it('normalises the phone number to 11 digits and reads a numeric code as text', () => {
    expect(backInStockRequestSchema.parse({ phone_number: '+880 1712-345678' })).toEqual({ phone_number: '01712345678' });
    expect(backInStockRequestSchema.parse({ phone_number: '01712345678', otp: 12345 + 100000 })).toEqual({ phone_number: '01712345678', otp: '112345' });
  });

  it('refuses a bad number, a bad code, a code without a number and unknown fields, in Bengali', () => {
    const errors = (v: unknown) => {
      const r = backInStockRequestSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(errors({ phone_number: '0123' })).toEqual([['phone_number', BACK_IN_STOCK_MESSAGES.phoneInvalid]]);
    expect(errors({ phone_number: 1712345678 })).toEqual([['phone_number', BACK_IN_STOCK_MESSAGES.phoneInvalid]]);
    expect(errors({ phone_number: '01712345678', otp: '12ab56' })).toEqual([['otp', BACK_IN_STOCK_MESSAGES.otpInvalid]]);
    expect(errors({ otp: '123456' })).toEqual([['phone_number', BACK_IN_STOCK_MESSAGES.phoneRequired]]);
    expect(errors({ phone_number: '01712345678', extra: 1 }).length).toBe(1);
  });

  it('requires a number from a guest', () => {
    expect(guestBackInStockSchema.safeParse({}).success).toBe(false);
    expect(guestBackInStockSchema.safeParse({ phone_number: '' }).error?.issues[0]?.message).toBe(BACK_IN_STOCK_MESSAGES.phoneRequired);
    expect(guestBackInStockSchema.parse({ phone_number: '8801812345678' })).toEqual({ phone_number: '01812345678' });
  });
});

describe('texts and rules', () => {
  it('names the shop, the title and the link; a long title is cut', () => {
    const text = backInStockText('হাট', 'Evening Rain', 'https://shop.example/books/7');
    expect(text).toContain('হাট');
    expect(text).toContain('"Evening Rain"');
    expect(text).toContain('https://shop.example/books/7');
    expect(backInStockText('হাট', 'x'.repeat(100), '/books/1')).toContain(`${'x'.repeat(57)}...`);
    expect(backInStockCodeText('হাট', '012345')).toContain('012345');
  });

  it('a product came back only when its stock rose from nothing', () => {
    expect(cameBack(0, 3)).toBe(true);
    expect(cameBack(-1, 1)).toBe(true);
    expect(cameBack(0, 0)).toBe(false);
    expect(cameBack(2, 5)).toBe(false);
    expect(cameBack(3, 0)).toBe(false);
  });
});
