/** What the settings routes answer, in zod for the OpenAPI document: the settings, staff's part only for staff. */
import { STAFF_ONLY_SETTINGS, settingsSchema } from '../../domain/settings';

type StaffOnly = { [K in (typeof STAFF_ONLY_SETTINGS)[number]]: true };

/** The shop's settings (domain/settings.ts); the staff-only ones (STAFF_ONLY_SETTINGS) come to staff alone. */
export const settingsAnswer = settingsSchema
  .partial(Object.fromEntries(STAFF_ONLY_SETTINGS.map((key) => [key, true])) as StaffOnly)
  .meta({ id: 'Settings', description: `The shop's settings. Staff only: ${STAFF_ONLY_SETTINGS.join(', ')}.` });
