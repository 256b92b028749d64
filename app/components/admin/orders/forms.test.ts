import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../domain/settings';
import { canEdit, editBody, type EditableOrder } from './edit-order';
import { createdId } from './new-order-form';
import { canBook } from '../shipments/book-parcel';

const order: EditableOrder = {
  id: 5,
  status: 'Pending',
  name: 'Rahim',
  optional_phone_number: null,
  district: 'ঢাকা',
  upazila_thana: 'মিরপুর',
  delivery_address: 'House 1',
  // The stored order names its option by label; the form chooses by id.
  delivery_option: DEFAULT_SETTINGS.delivery_options[0]!.label,
  order_instruction: null,
  consignment_id: null,
  shipment_status: null,
};
const typed = { name: 'Rahim', optional_phone_number: '', district: 'ঢাকা', upazila_thana: 'মিরপুর', delivery_address: 'House 1', order_instruction: '' };
const lines = [{ product: 7, title: 'Book', quantity: 1, price: 100, stock: null }];

describe('the order edit form', () => {
  it('sends nothing when nothing changed: the same text, the same option by id, the same lines', () => {
    expect(editBody(order, typed, 'dhaka_home', DEFAULT_SETTINGS.delivery_options, [{ product: 7, quantity: 1 }], lines)).toEqual({});
  });

  it('sends only what changed: a field, another delivery option, the lines', () => {
    const body = editBody(order, { ...typed, delivery_address: ' House 2 ' }, 'courier', DEFAULT_SETTINGS.delivery_options, [{ product: 7, quantity: 1 }], [{ ...lines[0]!, quantity: 3 }]);
    expect(body).toEqual({ delivery_address: 'House 2', delivery_option: 'courier', lines: [{ product: 7, quantity: 3 }] });
  });

  it('is offered for a Pending order no courier has booked only', () => {
    expect(canEdit(order)).toBe(true);
    expect(canEdit({ ...order, consignment_id: 'SF1' })).toBe(false);
    expect(canEdit({ ...order, shipment_status: 'booked' })).toBe(false);
    expect(canEdit({ ...order, status: 'Cancelled' })).toBe(false);
  });
});

describe('the new order form', () => {
  it("reads the new order's id from the order, its wrapper or the checkout's order_id", () => {
    expect(createdId({ status: 201, order_id: 9, order: { id: 9 } })).toBe(9);
    expect(createdId({ id: 4, status: 'Pending' })).toBe(4);
    expect(createdId({ order_id: 3 })).toBe(3);
    expect(createdId(null)).toBeNull();
  });
});

describe('booking from the desk', () => {
  it('offers a parcel for a confirmed Pending order without one, never for an unconfirmed one', () => {
    expect(canBook({ status: 'Pending', shipment_status: null, confirmation: 'confirmed' })).toBe(true);
    expect(canBook({ status: 'Pending', shipment_status: null })).toBe(true);
    expect(canBook({ status: 'Pending', shipment_status: null, confirmation: 'unconfirmed' })).toBe(false);
    expect(canBook({ status: 'Pending', shipment_status: 'booked', confirmation: 'confirmed' })).toBe(false);
  });
});
