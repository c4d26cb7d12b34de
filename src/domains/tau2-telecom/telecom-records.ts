import type { JsonObject, JsonValue } from '../../core/index.js';

/**
 * The carrier's side of the world: tau2's telecom db tables, each a
 * collection of records keyed by the table's id field, in the db's order.
 */
export const TELECOM_TABLES = {
  plans: 'plan_id',
  customers: 'customer_id',
  lines: 'line_id',
  bills: 'bill_id',
  devices: 'device_id',
} as const;

export type TelecomTable = keyof typeof TELECOM_TABLES;

/**
 * The customer's side: tau2's user db holds one phone (`device`) and the
 * user's surroundings; each is a collection with one record.
 */
export const PHONE = { collection: 'device', id: 'phone' } as const;
export const SURROUNDINGS = { collection: 'surroundings', id: 'user' } as const;

/**
 * tau2's telecom "today" (`get_today()`, 2025-02-25): suspensions, charges
 * and cycle ends are dated from it whatever the trial's clock says.
 */
export const TAU2_TODAY = { year: 2025, month: 2, day: 25 } as const;

// The defaults of tau2's pydantic models (data_model.py, user_data_model.py),
// which its model_dump shows for every field a data file leaves out.

const DEVICE_DEFAULTS: JsonObject = {
  imei: null,
  activated: false,
  activation_date: null,
  last_esim_transfer_date: null,
};

const LINE_DEFAULTS: JsonObject = {
  status: 'Pending Activation',
  device_id: null,
  data_used_gb: 0,
  data_refueling_gb: 0,
  roaming_enabled: false,
  contract_end_date: null,
  last_plan_change_date: null,
  last_sim_replacement_date: null,
  suspension_start_date: null,
};

const BILL_DEFAULTS: JsonObject = { line_items: [], status: 'Draft' };

const CUSTOMER_DEFAULTS: JsonObject = {
  account_status: 'Pending Verification',
  payment_methods: [],
  line_ids: [],
  bill_ids: [],
  created_at: '2025-01-01',
  last_extension_date: null,
  goodwill_credit_used_this_year: 0,
};

const TABLE_DEFAULTS: Readonly<Record<TelecomTable, JsonObject>> = {
  plans: {},
  customers: CUSTOMER_DEFAULTS,
  lines: LINE_DEFAULTS,
  bills: BILL_DEFAULTS,
  devices: DEVICE_DEFAULTS,
};

export const DEFAULT_APN_SETTINGS: JsonObject = {
  apn_name: 'internet',
  reset_at_reboot: false,
  mms_apn: 'mms',
  mmsc_url: 'http://mms.carrier.com/mms/wapenc',
  mms_proxy: null,
  mms_port: null,
};

const APP_PERMISSIONS_DEFAULTS: JsonObject = {
  sms: false,
  storage: false,
  phone: false,
  network: false,
};

const PHONE_DEFAULTS: JsonObject = {
  sim_card_status: 'active',
  sim_card_missing: false,
  airplane_mode: false,
  network_signal_strength: 'good',
  network_technology_connected: '5G',
  network_connection_status: 'connected',
  battery_level: 80,
  data_enabled: true,
  roaming_enabled: false,
  network_mode_preference: '4g_5g_preferred',
  active_apn_settings: DEFAULT_APN_SETTINGS,
  wifi_enabled: false,
  wifi_connected: false,
  wifi_ssid: null,
  wifi_signal_strength: 'none',
  wifi_calling_enabled: false,
  wifi_calling_mms_over_wifi: false,
  data_saver_mode: false,
  vpn_enabled_setting: false,
  vpn_connected: false,
  vpn_details: null,
  app_statuses: {
    messaging: {
      app_name: 'messaging',
      permissions: { ...APP_PERMISSIONS_DEFAULTS, sms: true, storage: true, phone: true },
    },
    browser: {
      app_name: 'browser',
      permissions: { ...APP_PERMISSIONS_DEFAULTS, network: true, storage: true },
    },
  },
};

const SURROUNDINGS_DEFAULTS: JsonObject = {
  name: null,
  phone_number: null,
  is_abroad: false,
  roaming_allowed: false,
  signal_strength: { '2G': 'poor', '3G': 'fair', '4G': 'good', '5G': 'excellent' },
  mobile_data_usage_exceeded: false,
  line_active: true,
  payment_request: null,
};

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function clone<T extends JsonValue>(value: T): T {
  return structuredClone(value);
}

/** One db record with every field tau2's model has, defaults where the file says nothing. */
export function withTableDefaults(table: TelecomTable, record: JsonObject): JsonObject {
  return { ...clone(TABLE_DEFAULTS[table]), ...record };
}

/**
 * The phone as tau2's MockPhoneAttributes holds it: defaults for what the
 * file leaves out; a file's `app_statuses` replaces the default apps, each
 * app's permissions filled in.
 */
export function withPhoneDefaults(device: JsonObject): JsonObject {
  const phone: JsonObject = { ...clone(PHONE_DEFAULTS), ...clone(device) };
  const apn = phone.active_apn_settings;
  if (isObject(apn)) phone.active_apn_settings = { ...clone(DEFAULT_APN_SETTINGS), ...apn };
  const apps = phone.app_statuses;
  if (isObject(apps)) {
    for (const [name, app] of Object.entries(apps)) {
      if (!isObject(app)) continue;
      const permissions = isObject(app.permissions) ? app.permissions : {};
      apps[name] = { ...app, permissions: { ...APP_PERMISSIONS_DEFAULTS, ...permissions } };
    }
  }
  return phone;
}

/** The user's surroundings as tau2's UserSurroundings holds them. */
export function withSurroundingsDefaults(surroundings: JsonObject): JsonObject {
  return { ...clone(SURROUNDINGS_DEFAULTS), ...clone(surroundings) };
}
