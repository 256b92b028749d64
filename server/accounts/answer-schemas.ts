/** What the account routes answer, in zod for the OpenAPI document: the user of users.ts publicUser, and signing in. */
import { z } from 'zod';
import { ROLES } from '../../domain/roles';
import { messageAnswer, pageOf } from '../http/answer-schemas';

const userShape = { id: z.int().min(1), name: z.string(), phone_number: z.string(), is_admin: z.boolean().describe('Any staff role'), role: z.enum(ROLES) };
export const userAnswer = z.object(userShape).strict().meta({ id: 'User' });

/** The users list: each with when they registered. */
export const userPage = pageOf(z.object({ ...userShape, created_at: z.string() }).strict());

/** Registered or signed in: the token (a bearer token; the session cookie is set too) and the user. */
export const signedInSchema = messageAnswer.extend({ token: z.object({ access: z.string() }), user: userAnswer });

/** A write on a user: the user as they now are. */
export const userChangedAnswer = messageAnswer.extend({ user: userAnswer });
