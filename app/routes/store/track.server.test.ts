import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { asciiDigits, readTrackQuery, readTracked, trackOrder } from './track.server';

const contextWith = (track: (q: { order: number; phone: string }) => Promise<unknown>) => ({ user: null, services: { shipments: { track } } }) as unknown as AppLoadContext;
const notFound = Object.assign(new Error('Not found'), { status: 404 });
const tooMany = Object.assign(new Error('Slow down'), { status: 429 });

describe('/track data', () => {
  it('reads the query, and Bengali digits', () => {
    expect(readTrackQuery(new URL('http://shop.test/track'))).toBeNull();
    expect(readTrackQuery(new URL('http://shop.test/track?order=%207&phone=0171'))).toEqual({ order: '7', phone: '0171' });
    expect(asciiDigits('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
  });

  it('reads the answer leniently', () => {
    expect(readTracked({ order: 7, status: 'Pending', payment_status: 'unpaid', shipment_status: 'in_transit', events: [{ at: 'x', status: 'booked', message: 'ok' }] })).toMatchObject({ order: 7, shipment_status: 'in_transit', events: [{ status: 'booked' }] });
    expect(readTracked({ order: { id: 9 }, status: 'Delivered' })).toMatchObject({ order: 9, payment_status: 'unpaid', shipment_status: null });
    expect(readTracked(null)).toBeNull();
  });

  it('asks the service with the normalised pair; a wrong pair and a bad phone say the same', async () => {
    const asked: unknown[] = [];
    const ctx = contextWith(async (q) => {
      asked.push(q);
      return { order: q.order, status: 'Pending', payment_status: 'unpaid', shipment_status: null, events: [] };
    });
    expect(await trackOrder(ctx, { order: '৭', phone: '+8801712345678' })).toMatchObject({ kind: 'found', tracked: { order: 7 } });
    expect(asked).toEqual([{ order: 7, phone: '01712345678' }]);
    expect(await trackOrder(ctx, { order: '7', phone: '12' })).toEqual({ kind: 'wrong' });
    expect(await trackOrder(ctx, { order: 'x', phone: '01712345678' })).toEqual({ kind: 'wrong' });
    expect(await trackOrder(contextWith(() => Promise.reject(notFound)), { order: '7', phone: '01712345678' })).toEqual({ kind: 'wrong' });
    expect(await trackOrder(contextWith(() => Promise.reject(tooMany)), { order: '7', phone: '01712345678' })).toEqual({ kind: 'limited' });
  });
});
