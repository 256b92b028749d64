/**
 * Confirming orders before dispatch (issue 33): the one-time link's token is kept only as its
 * SHA-256, so a copy of the database confirms nothing.
 */
import crypto from 'node:crypto';

export function hashConfirmToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
