/**
 * The settings module's table: the shop's settings, one row a key.
 */

export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

/** The settings module's tables, by name (part of `DB`). */
export interface SettingTables {
  settings: SettingTable;
}
