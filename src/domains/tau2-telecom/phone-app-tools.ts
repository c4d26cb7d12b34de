import { z } from 'zod';
import type { JsonObject } from '../../core/index.js';
import { definePhoneTool, withStatusBar } from './define-phone-tool.js';

// The customer's tools for the apps on their phone: names, descriptions and
// answers are tau2-bench's (user_tools.py; MIT, Sierra).

/** The permissions tau2 tracks for an app, in its model's order. */
export const APP_PERMISSIONS = ['sms', 'storage', 'phone', 'network'] as const;

export function appOf(device: JsonObject, name: string): JsonObject | undefined {
  const apps = device.app_statuses as JsonObject | null | undefined;
  const app = apps == null || !Object.hasOwn(apps, name) ? undefined : apps[name];
  return typeof app === 'object' && app !== null && !Array.isArray(app) ? app : undefined;
}

export function permissionsOf(app: JsonObject): JsonObject {
  const permissions = app.permissions;
  if (typeof permissions === 'object' && permissions !== null && !Array.isArray(permissions))
    return permissions;
  const made: JsonObject = {};
  app.permissions = made;
  return made;
}

const granted = (app: JsonObject) =>
  APP_PERMISSIONS.filter((permission) => permissionsOf(app)[permission] === true);

const appNameInput = z.string().describe('The name of the app.');

export const checkInstalledApps = definePhoneTool({
  name: 'check_installed_apps',
  description: 'Returns the name of all installed apps on the phone.',
  input: z.strictObject({}),
  effect: 'read',
  run: (_args, { device }) =>
    `The following apps are installed on the phone: ${Object.keys((device.app_statuses as JsonObject | null) ?? {}).join(', ')}`,
});

export const checkAppStatus = definePhoneTool({
  name: 'check_app_status',
  description:
    'Checks detailed information about a specific app. Shows its permissions and background data usage settings.',
  input: z.strictObject({ app_name: appNameInput }),
  effect: 'read',
  run: ({ app_name }, { device }) => {
    const app = appOf(device, app_name);
    if (app === undefined) return `App '${app_name}' not found on this phone.`;
    const allowed = granted(app);
    const lines = [`Status for App: ${app_name}`];
    if (allowed.length === 0) lines.push(' - Permissions: None granted.');
    else
      lines.push(' - Permissions Granted:', ...allowed.map((permission) => `   - ${permission}`));
    return lines.join('\n');
  },
});

export const checkAppPermissions = definePhoneTool({
  name: 'check_app_permissions',
  description:
    'Checks what permissions a specific app currently has. Shows if the app has access to features like storage, camera, location, etc.',
  input: z.strictObject({ app_name: appNameInput }),
  effect: 'read',
  run: ({ app_name }, { device }) => {
    const app = appOf(device, app_name);
    if (app === undefined) return `App '${app_name}' not found on this phone.`;
    const allowed = granted(app);
    return allowed.length === 0
      ? `App '${app_name}' currently has no permissions granted.`
      : `App '${app_name}' has permission for: ${allowed.join(', ')}.`;
  },
});

export const grantAppPermission = definePhoneTool({
  name: 'grant_app_permission',
  description:
    'Gives a specific permission to an app (like access to storage, camera, or location). Required for some app functions to work properly.',
  input: z.strictObject({
    app_name: z.string().describe('The name of the app to grant the permission to.'),
    permission: z.string().describe('The permission to grant, should be lowercase.'),
  }),
  effect: 'write',
  run: ({ app_name, permission }, phone) => {
    const app = appOf(phone.device, app_name);
    const wanted = permission.toLowerCase();
    let message: string;
    if (app === undefined) {
      message = `Error. App '${app_name}' not found. Cannot grant permission.`;
    } else if (!(APP_PERMISSIONS as readonly string[]).includes(wanted)) {
      const available = `[${APP_PERMISSIONS.map((name) => `'${name}'`).join(', ')}]`;
      message = `Error. Permission '${wanted}' not tracked for app '${app_name}', available permissions: ${available}`;
    } else {
      permissionsOf(app)[wanted] = true;
      message = `Success. Permission '${wanted}' granted to app '${app_name}'.`;
    }
    return withStatusBar(message, phone);
  },
});
