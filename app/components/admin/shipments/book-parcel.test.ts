import { describe, expect, it } from 'vitest';
import { adoptChoice } from './book-parcel';

describe('the booking dialog after a booking without an answer', () => {
  it('sends the consignment id the admin found, or their word that there is none, and asks for one of them', () => {
    expect(adoptChoice(' DL230001FAKE ', true)).toEqual({ body: { consignment_id: 'DL230001FAKE' }, errors: {} });
    expect(adoptChoice('', true)).toEqual({ body: { confirm_not_booked: true }, errors: {} });
    expect(Object.keys(adoptChoice('  ', false).errors)).toEqual(['consignment_id']);
  });
});
