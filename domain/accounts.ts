/**
 * The account forms' schemas, shared by the pages and the API so both refuse the same input
 * with the same words. Required-field messages are in Bengali, as the storefront speaks it;
 * phone numbers come out normalised to the 11-digit form.
 */
import { z } from 'zod';
import { normalizePhone } from './phone';
import { ROLES, STAFF_ROLES } from './roles';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;

export const MESSAGES = {
  nameRequired: 'নাম আবশ্যক*',
  phoneRequired: 'ফোন নাম্বার আবশ্যক*',
  phoneInvalid: 'সঠিক মোবাইল নাম্বার দিন (01XXXXXXXXX)',
  passwordRequired: 'পাসওয়ার্ড আবশ্যক*',
  passwordShort: `পাসওয়ার্ড কমপক্ষে ${PASSWORD_MIN} অক্ষরের হতে হবে`,
  passwordLong: `পাসওয়ার্ড সর্বোচ্চ ${PASSWORD_MAX} অক্ষরের হতে পারে`,
  password2Required: 'কনফার্ম পাসওয়ার্ড আবশ্যক*',
  passwordsDiffer: 'পাসওয়ার্ড দুটি মেলেনি',
  otpRequired: 'ও.টি.পি আবশ্যক*',
  otpInvalid: `ও.টি.পি ${OTP_LENGTH} সংখ্যার হতে হবে`,
  recoveryLocked: 'অনেকবার ভুল ও.টি.পি দেওয়ায় এই নাম্বারের পাসওয়ার্ড রিসেট বন্ধ আছে। পাসওয়ার্ড দিয়ে সাইন ইন করুন অথবা দোকানে যোগাযোগ করুন।',
} as const;

/** Wrong recovery codes, across codes, after which an account's recovery locks (NIST SP 800-63B: at most 100 failures). */
export const RECOVERY_MAX_FAILURES = 100;

/** Text that must be present: a missing field, a non-string and an empty string all say `required`. */
const requiredText = (required: string) => z.string({ error: required }).trim().min(1, required);

export const phoneField = requiredText(MESSAGES.phoneRequired).transform((value, ctx) => {
  const phone = normalizePhone(value);
  if (!phone) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.phoneInvalid });
    return z.NEVER;
  }
  return phone;
});

/** A new password: 8 to 128 characters, no composition rules (ASVS V6.2: length protects, composition rules only annoy). */
export const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, MESSAGES.passwordShort)
  .max(PASSWORD_MAX, MESSAGES.passwordLong);

/** A password being checked: only required (and bounded, so hashing stays cheap). */
const passwordField = z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX, MESSAGES.passwordLong);

const nameField = requiredText(MESSAGES.nameRequired).pipe(z.string().max(100, 'নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে'));

/** The first version sent the code as a number; both are accepted. */
export const otpField = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  requiredText(MESSAGES.otpRequired).pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MESSAGES.otpInvalid)),
);

export const registerSchema = z.object({ name: nameField, phone_number: phoneField, password: newPasswordField }).strict();

export const loginSchema = z.object({ phone_number: phoneField, password: passwordField }).strict();

/** `otp` is accepted for the first version's clients and ignored: the server makes the code, so a client can never choose it. */
export const sendResetCodeSchema = z.object({ phone_number: phoneField, otp: z.unknown().optional() }).strict();

export const verifyCodeSchema = z.object({ phone_number: phoneField, otp: otpField }).strict();

export const resetPasswordSchema = z
  .object({
    phone_number: phoneField,
    otp: otpField,
    password: newPasswordField,
    password2: z.string({ error: MESSAGES.password2Required }).min(1, MESSAGES.password2Required),
  })
  .strict()
  .refine((v) => v.password === v.password2, { message: MESSAGES.passwordsDiffer, path: ['password2'] });

/**
 * `POST /makeAdmin/` (owner): a staff member by phone number, in `role` (default owner, as
 * before). A number without an account gets one — with `password`, or without a usable one (an
 * invitation: they set it by recovery); an existing customer is promoted, their password kept.
 */
export const makeAdminSchema = z
  .object({
    phone_number: phoneField,
    password: newPasswordField.optional(),
    name: z.string().trim().max(100).optional(),
    role: z.enum(STAFF_ROLES, { error: 'Choose one of: owner, manager, support, packer, accountant.' }).default('owner'),
  })
  .strict();

const booleanParam = z
  .enum(['true', 'false', 'True', 'False', '1', '0'], { error: 'is_admin must be true or false.' })
  .transform((v) => v === 'true' || v === 'True' || v === '1');

/** `GET /api/user/` filters (the page parameters are read separately). */
export const userListQuery = z.object({
  is_admin: booleanParam.optional(),
  role: z.enum(ROLES).optional(),
  phone_number: z.string().trim().max(20).optional(),
  search: z.string().trim().max(100).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;
