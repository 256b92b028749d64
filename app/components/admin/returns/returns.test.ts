import { describe, expect, it } from 'vitest';
import { inTransit, linesOf, linesText, parcelLines, readReturns, receiveBody, refundLeft } from './returns';
import { differenceText, exchangeAnswer } from './exchange-dialog';
import { returnable } from '../../account/return-request';

const staffView = {
  id: 7,
  order: 31,
  status: 'approved',
  origin: 'courier',
  reason: 'Returned by the courier',
  refund_amount: 500,
  refunded_amount: 200,
  decision_reason: '',
  lines: [
    { id: 1, order_item: 90, product: 4, product_title: 'গণিত', unit_price: 250, quantity: 2, condition: null, received_condition: null },
    { id: 2, order_item: 91, product: 5, product_title: 'Physics', unit_price: 300, quantity: 1, condition: 'damaged', received_condition: null },
  ],
  photos: ['/media/returns/a-detail.webp'],
  created_at: '2026-11-27T04:00:00.000Z',
  decided_at: '2026-11-27T04:00:00.000Z',
  received_at: null,
  exchange_order: null,
  customer: { name: 'Rahim', phone_number: '01711000000' },
  created_by: 1,
};

describe('returns as the screens read them', () => {
  it('reads the server’s return, its lines, photos and customer, and leaves out what is not a return', () => {
    const [r, ...rest] = readReturns([staffView, { id: 'x' }, { id: 8, status: 'lost' }, null]);
    expect(rest).toEqual([]);
    expect(r).toMatchObject({ id: 7, order: 31, status: 'approved', origin: 'courier', refund_amount: 500, photos: ['/media/returns/a-detail.webp'], customer: { name: 'Rahim' } });
    expect(r!.lines.map((l) => [l.order_item, l.quantity, l.condition, l.product_title])).toEqual([
      [90, 2, null, 'গণিত'],
      [91, 1, 'damaged', 'Physics'],
    ]);
    expect(linesText(r!)).toBe('গণিত × 2, Physics × 1');
    expect(readReturns(undefined)).toEqual([]);
  });

  it('reads a customer’s return without staff fields: missing money and times read as none', () => {
    const [r] = readReturns([{ id: 3, status: 'requested', origin: 'customer', lines: [{ order_item: 5, quantity: 1 }] }]);
    expect(r).toMatchObject({ refund_amount: 0, refunded_amount: 0, photos: [], created_at: null, exchange_order: null, customer: null, order: null, reason: '' });
    expect(r!.lines[0]).toMatchObject({ condition: null, received_condition: null });
  });

  it('takes a parcel in as one: units summed per line, and counted by the packer when a return came without lines', () => {
    const [a] = readReturns([staffView]);
    const b = { ...a!, id: 8, lines: [{ ...a!.lines[0]!, quantity: 1, condition: 'resellable' as const }] };
    expect(parcelLines([a!, b]).map((l) => [l.order_item, l.quantity, l.condition])).toEqual([
      [90, 3, 'resellable'],
      [91, 1, 'damaged'],
    ]);
    expect(parcelLines([a!, { ...b, lines: [] }])).toEqual([]);
    expect(inTransit([a!, { ...b, status: 'received' }]).map((r) => r.id)).toEqual([7]);
  });

  it('sends the condition chosen on screen, else the one the return was made with, else resellable', () => {
    const [r] = readReturns([staffView]);
    expect(receiveBody(r!.lines, {})).toEqual({
      lines: [
        { order_item: 90, quantity: 2, condition: 'resellable' },
        { order_item: 91, quantity: 1, condition: 'damaged' },
      ],
    });
    expect(receiveBody(r!.lines, { 90: 'damaged', 91: 'resellable' }).lines.map((l) => l.condition)).toEqual(['damaged', 'resellable']);
  });

  it('reads typed quantities as lines: empty and 0 left out, anything but digits as NaN for the schema to name', () => {
    expect(linesOf({ 1: '2', 2: '', 3: '0', 4: ' 1 ' }, { 4: 'damaged' })).toEqual([
      { order_item: 1, quantity: 2 },
      { order_item: 4, quantity: 1, condition: 'damaged' },
    ]);
    expect(Number.isNaN(linesOf({ 1: '1.5' })[0]!.quantity)).toBe(true);
  });

  it('gives back what is left of the refund amount, never less than 0', () => {
    expect(refundLeft({ refund_amount: 500, refunded_amount: 200 })).toBe(300);
    expect(refundLeft({ refund_amount: 100, refunded_amount: 150 })).toBe(0);
  });

  it('lets a customer return only units no open or received return already covers; a rejected request frees them', () => {
    const items = [
      { id: 1, product_title: 'A', quantity: 3 },
      { id: 2, product_title: 'B', quantity: 1 },
    ];
    const returns = [
      { status: 'received' as const, lines: [{ order_item: 1, quantity: 2, condition: null, received_condition: null, product_title: '' }] },
      { status: 'rejected' as const, lines: [{ order_item: 2, quantity: 1, condition: null, received_condition: null, product_title: '' }] },
    ];
    expect([...returnable(items, returns)]).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });
});

describe('an exchange’s answer', () => {
  it('finds the new order and the difference at the top or under order', () => {
    expect(exchangeAnswer({ id: 40, difference_due: -120, order: { id: 40 } })).toEqual({ id: 40, difference: -120 });
    expect(exchangeAnswer({ order: { id: 41, difference_due: 60 } })).toEqual({ id: 41, difference: 60 });
    expect(exchangeAnswer(null)).toEqual({ id: null, difference: null });
  });

  it('says who owes whom', () => {
    expect(differenceText(60)).toContain('pays ৳ 60 more');
    expect(differenceText(-120)).toContain('owes the customer ৳ 120');
    expect(differenceText(0)).toContain('Nothing more');
  });
});
