/** A courier call from a route: its failure (an error answer, a timeout) is a 502 with the courier's words, not a 500. */
import { HttpError } from '../http/errors';
import { CourierError } from './courier';

export async function askCourier<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CourierError) throw new HttpError(502, error.message);
    throw error;
  }
}
