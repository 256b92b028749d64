import { describe, expect, it } from 'vitest';
import { registerSchema, resetPasswordSchema } from '../../../domain/accounts';
import { checkWith } from './values';

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
