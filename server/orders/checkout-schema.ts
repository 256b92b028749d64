import { checkoutSchema } from '../../domain/orders';
import type { ShopSettings } from '../../domain/settings';

const schemas = new WeakMap<ShopSettings, ReturnType<typeof checkoutSchema>>();

/**
 * The checkout schema of these settings, made once per settings object (the settings service
 * keeps one while they are unchanged): zod compiles a schema's parser at its first parse, and
 * making and compiling one for every checkout cost more than the parse itself.
 */
export function checkoutSchemaFor(settings: ShopSettings): ReturnType<typeof checkoutSchema> {
  let schema = schemas.get(settings);
  if (!schema) schemas.set(settings, (schema = checkoutSchema(settings)));
  return schema;
}
