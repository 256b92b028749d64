import { describe, expect, it } from 'vitest';
import { registerSchema, resetPasswordSchema } from '../../../domain/accounts';
import { checkWith, lazySchema } from './values';

describe('checkWith', () => {
  it('gives the Bengali "<field> আবশ্যক*" message under each empty field', () => {
    expect(checkWith(registerSchema, { name: '', phone_number: '', password: '' })).toEqual({
      name: ['নাম আবশ্যক*'],
      phone_number: ['ফোন নাম্বার আবশ্যক*'],
      password: ['পাসওয়ার্ড আবশ্যক*'],
    });
  });
  it('keeps only the first message of a field and reports cross-field rules on their field', () => {
    const errors = checkWith(resetPasswordSchema, { phone_number: '01712345678', otp: '123456', password: 'long enough', password2: 'different!' });
    expect(Object.keys(errors)).toEqual(['password2']);
  });
  it('is empty when the form is valid', () => {
    expect(checkWith(registerSchema, { name: 'Rahim', phone_number: '01712345678', password: 'long enough' })).toEqual({});
  });
  it('reads a FormData the same way', () => {
    const fd = new FormData();
    fd.set('name', '');
    fd.set('phone_number', '01712345678');
    fd.set('password', 'long enough');
    expect(checkWith(registerSchema, fd)).toEqual({ name: ['নাম আবশ্যক*'] });
  });
});

describe('lazySchema', () => {
  it('checks with the very schema it loads, fetched once however often it is asked for', async () => {
    let loads = 0;
    const schema = lazySchema(async () => {
      loads += 1;
      return registerSchema;
    });
    schema.preload();
    expect(await schema.check({ name: '', phone_number: '01712345678', password: 'long enough' })).toEqual(checkWith(registerSchema, { name: '', phone_number: '01712345678', password: 'long enough' }));
    expect(await schema.check({ name: 'Rahim', phone_number: '01712345678', password: 'long enough' })).toEqual({});
    expect(loads).toBe(1);
  });

  it('lets the form go to the server when the schema cannot be fetched, and tries again next time', async () => {
    let loads = 0;
    const schema = lazySchema(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return registerSchema;
    });
    expect(await schema.check({ name: '' })).toEqual({});
    expect(await schema.check({ name: '', phone_number: '', password: '' })).toHaveProperty('name');
    expect(loads).toBe(2);
  });
});
