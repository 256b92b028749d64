/**
 * The account calls: registration, sign-in and out, password recovery, admins and the user list.
 * Sign-in answers carry `token.access` for API clients and also set the HttpOnly session cookie
 * (`haat_session`, or `__Host-haat_session` over https), so the pages of the same origin are
 * signed in without handling the token.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import { HttpError } from '../http/errors';
import { loginSchema, makeAdminSchema, registerSchema, resetPasswordSchema, sendResetCodeSchema, userListQuery, verifyCodeSchema } from '../../domain/accounts';
import { normalizePhone } from '../../domain/phone';
import type { RouteDocs } from '../http/route-docs';
import { messageAnswer } from '../http/answer-schemas';
import { signedInSchema, userAnswer, userChangedAnswer, userPage } from './answer-schemas';
import { routeModule } from '../http/route-module';
import { presentedToken, servedOverHttps, sessionCookieName, type AuthOptions } from './auth';
import { ABSOLUTE_TIMEOUT_MS, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions';
import { clientAddress } from '../http/client-address';
import { MESSAGES, type AccountsService, type RequestMeta, type SignedIn } from './service';
import { TooManyRequests } from './rate-limit';
import { publicUser } from './users';
import { mayUse, roleChangeSchema } from '../../domain/roles';

const userQuery = pageQuery.extend(userListQuery.shape).strict();

function meta(request: FastifyRequest): RequestMeta {
  return { ip: clientAddress(request), userAgent: request.headers['user-agent'], currentToken: request.sessionToken };
}

/** Host-only (no Domain), Path=/, and Secure over https, as the `__Host-` name requires. */
function cookieOptions(request: FastifyRequest, opts: AuthOptions) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: servedOverHttps(request, opts), path: '/' };
}

/** Clears the session cookie in use and any of the other name the request still carries (left from before https). */
function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, opts: AuthOptions, except?: string) {
  const inUse = sessionCookieName(request, opts);
  for (const name of [SESSION_COOKIE, SECURE_SESSION_COOKIE]) {
    if (name === except || (name !== inUse && request.cookies?.[name] === undefined)) continue;
    reply.clearCookie(name, { ...cookieOptions(request, opts), secure: name === SECURE_SESSION_COOKIE || servedOverHttps(request, opts) });
  }
}

function signedInAnswer(request: FastifyRequest, reply: FastifyReply, opts: AuthOptions, message: string, signed: SignedIn) {
  const name = sessionCookieName(request, opts);
  clearSessionCookies(request, reply, opts, name);
  reply.setCookie(name, signed.token, { ...cookieOptions(request, opts), maxAge: Math.floor(ABSOLUTE_TIMEOUT_MS / 1000) });
  reply.header('cache-control', 'no-store');
  return { status: 200, message, token: { access: signed.token }, user: signed.user };
}

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
const accountDocs: RouteDocs = {
  'POST /register_user/': { summary: 'Register; answers a token and sets the session cookie', audience: 'public', body: registerSchema, response: signedInSchema, refusals: [409, 429] },
  'POST /login/': { summary: 'Sign in; answers a token and sets the session cookie', audience: 'public', body: loginSchema, response: signedInSchema, refusals: [429] },
  'POST /logout/': { summary: 'Sign out: ends the session', audience: 'public', response: messageAnswer },
  'POST /send_reset_otp/': { summary: 'Send a password reset code by SMS', audience: 'public', body: sendResetCodeSchema, response: messageAnswer, refusals: [429] },
  'POST /verify_otp/': { summary: 'Check a password reset code', audience: 'public', body: verifyCodeSchema, response: messageAnswer, refusals: [429] },
  'POST /reset-password/': { summary: 'Set a new password with a reset code', audience: 'public', body: resetPasswordSchema, response: messageAnswer, refusals: [429] },
  'POST /makeAdmin/': { summary: 'Add a staff member by phone number, in a role (default owner); promotes an existing customer', audience: 'owner', body: makeAdminSchema, response: userChangedAnswer },
  'PUT /api/user/:id/': { summary: "Change a user's role (customer removes them from the team); the last owner's: 409", audience: 'owner', body: roleChangeSchema, response: userChangedAnswer },
  'POST /api/user/:id/unlock-recovery/': { summary: "Lift a user's password recovery lock", audience: 'support', response: messageAnswer },
  'GET /api/user/': { summary: 'Users: yourself, or all for support, managers and owners', audience: 'signed', query: userQuery, response: userPage, refusals: [403] },
  'GET /api/me/': { summary: 'The signed-in user', audience: 'signed', response: userAnswer },
};

const routes: FastifyPluginAsync<{ accounts: AccountsService; auth: AuthOptions }> = async (app, { accounts, auth: opts }) => {
  // 429 answers say when to come back (RFC 9110 Retry-After).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyRequests) void reply.header('retry-after', String(error.retryAfter));
  });

  app.post('/register_user/', async (request, reply) => {
    const signed = await accounts.register(registerSchema.parse(request.body ?? {}), meta(request));
    return signedInAnswer(request, reply, opts, MESSAGES.registered, signed);
  });

  app.post('/login/', async (request, reply) => {
    const signed = await accounts.login(loginSchema.parse(request.body ?? {}), meta(request));
    return signedInAnswer(request, reply, opts, MESSAGES.loggedIn, signed);
  });

  app.post('/logout/', async (request, reply) => {
    await accounts.logout(presentedToken(request, opts)?.token);
    clearSessionCookies(request, reply, opts);
    return { status: 200, message: MESSAGES.loggedOut };
  });

  app.post('/send_reset_otp/', async (request) => {
    // A client `otp` is accepted and ignored: a code the client chose would prove nothing, so the server makes it.
    const data = sendResetCodeSchema.parse(request.body ?? {});
    await accounts.sendResetCode(data.phone_number, meta(request));
    return { status: 200, message: MESSAGES.codeSent };
  });

  app.post('/verify_otp/', async (request) => {
    const data = verifyCodeSchema.parse(request.body ?? {});
    await accounts.verifyCode(data.phone_number, data.otp, meta(request));
    return { status: 200, message: MESSAGES.codeMatched };
  });

  app.post('/reset-password/', async (request) => {
    await accounts.resetPassword(resetPasswordSchema.parse(request.body ?? {}), meta(request));
    return { status: 200, message: MESSAGES.passwordReset };
  });

  app.post('/makeAdmin/', async (request) => {
    const { user } = await accounts.makeAdmin(makeAdminSchema.parse(request.body ?? {}));
    return { status: 200, message: MESSAGES.adminCreated, user };
  });

  app.put('/api/user/:id/', async (request) => {
    const { role } = roleChangeSchema.parse(request.body ?? {});
    const user = await accounts.setRole(readId(request, MESSAGES.userUnknown), role);
    return { status: 200, message: MESSAGES.roleChanged, user: publicUser(user) };
  });

  // An admin lifts the lock wrong recovery codes put on an account.
  app.post('/api/user/:id/unlock-recovery/', async (request) => {
    await accounts.unlockRecovery(readId(request, 'User not found.'));
    return { status: 200, message: MESSAGES.recoveryUnlocked };
  });

  /**
   * Support+ list and filter users (the customers screen's role); anyone else signed in, staff
   * of other roles included, may only look themselves up by their own phone number — the first
   * version's clients ask "is this phone an admin?" that way.
   */
  const listUsers = async (request: FastifyRequest) => {
    const q = readQuery(userQuery, request);
    const page = toPage(q);
    const user = request.user!;
    if (!mayUse(user.role, 'support')) {
      const asked = q.phone_number ? normalizePhone(q.phone_number) : null;
      if (asked !== user.phone_number) throw new HttpError(403, 'You do not have permission to perform this action.');
      q.search = undefined;
    }
    const { count, results } = await accounts.listUsers(q, page);
    return envelope(request, page, count, results);
  };
  app.get('/api/user/', listUsers);

  const me = async (request: FastifyRequest) => request.user;
  app.get('/api/me/', me);
};

export const accountRoutes = routeModule({ docs: accountDocs, routes });
