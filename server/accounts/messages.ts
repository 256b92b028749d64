/** The account API's messages: English as the first version's clients expect them; field errors come from domain/accounts.ts. */
export const MESSAGES = {
  registered: 'Register Successfully!',
  loggedIn: 'Login Successfully!',
  loggedOut: 'Logout Successfully!',
  phoneTaken: 'Phone Number is already exist!',
  badLogin: 'Phone number or password is incorrect.',
  phoneUnknown: 'Phone Number is not matched!',
  codeSent: 'OTP Send Successfully!',
  codeMatched: 'OTP matched Successfully!',
  codeWrong: 'OTP is not matched!',
  codeGone: 'This OTP has expired or was already used. Please ask for a new one.',
  codeLocked: 'Too many wrong OTPs. Please ask for a new one.',
  recoveryLocked: 'Password recovery for this number is locked after too many wrong OTPs. Sign in with your password, or ask the shop to unlock it.',
  recoveryUnlocked: 'Password recovery unlocked.',
  passwordReset: 'Password reset Successfully!',
  adminCreated: 'Admin created Successfully!',
  roleChanged: 'Role changed.',
  userUnknown: 'User not found.',
} as const;

/** Request details the account calls use: the client address limits count against, and the presented session. */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  /** The session token the request presented: a new sign-in replaces it, a password reset keeps it. */
  currentToken?: string | null;
}

/** The address limits count against; requests without one share a single bucket. */
export const addressOf = (meta: RequestMeta) => meta.ip || 'unknown';
