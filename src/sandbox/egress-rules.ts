import { isIP } from 'node:net';
import { EndstateError } from '../core/index.js';

/** One host the agent may reach through the harness's proxy (`--agent-allow-host`). */
export interface EgressRule {
  /** Lower-case host name or IP address, as given (IPv6 without brackets). */
  readonly host: string;
  /** The one port allowed; none: the web's ports, 80 and 443. */
  readonly port?: number;
}

/** Ports a rule without a port lets through. */
export const WEB_PORTS: readonly number[] = [80, 443];

/**
 * `--agent-allow-host` values: `host` or `host:port`, comma-separated or
 * repeated; `[::1]:8080` for IPv6. Throws E_USAGE naming a bad entry.
 *
 * @example
 * parseEgressRules(['api.openai.com,127.0.0.1:8080']); // [{ host: 'api.openai.com' }, { host: '127.0.0.1', port: 8080 }]
 */
export function parseEgressRules(values: readonly string[]): EgressRule[] {
  const rules: EgressRule[] = [];
  for (const value of values.flatMap((entry) => entry.split(','))) {
    const text = value.trim().toLowerCase();
    if (text === '') continue;
    const match =
      /^\[([0-9a-f:.]+)\](?::(\d+))?$/.exec(text) ?? /^([^:\s/]+)(?::(\d+))?$/.exec(text);
    const port = match?.[2] === undefined ? undefined : Number(match[2]);
    if (match === null || (port !== undefined && (port < 1 || port > 65_535))) {
      throw new EndstateError(
        'E_USAGE',
        `--agent-allow-host: "${value}" is not a host or host:port`,
        {
          hint: 'e.g. --agent-allow-host api.openai.com (ports 80 and 443), 127.0.0.1:8080, [::1]:8080.',
        },
      );
    }
    rules.push({ host: match[1]!, ...(port === undefined ? {} : { port }) });
  }
  return rules;
}

/** A rule as written, `host` or `host:port`: what the system spec records. */
export function formatEgressRule(rule: EgressRule): string {
  const host = isIP(rule.host) === 6 ? `[${rule.host}]` : rule.host;
  return rule.port === undefined ? host : `${host}:${rule.port}`;
}

/**
 * Addresses the proxy never connects to unless that exact host:port is
 * named: loopback, link-local, private and unique-local ranges, the
 * unspecified address and IPv4 mapped into IPv6 of any of them. The
 * harness's own services (a store, a queue, a database) live there.
 */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return isInternalAddress(mapped[1]!);
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  const lower = address.toLowerCase();
  return (
    lower === '::' ||
    lower === '::1' ||
    /^f[cd][0-9a-f]{2}:/.test(lower) ||
    /^fe[89ab][0-9a-f]:/.test(lower)
  );
}

/** Whether the proxy lets a connection through, and if not, why. */
export type EgressDecision =
  | { readonly allowed: true; readonly address: string }
  | { readonly allowed: false; readonly reason: string };

/**
 * Decides one connection the agent asked the proxy for: `host:port` must
 * match a rule, and every address the name resolves to must be public,
 * unless the rule names that exact host and port. The proxy then connects
 * to the address decided here, never resolving the name again.
 *
 * @example
 * decideEgress('api.openai.com', 443, ['162.159.140.245'], [{ host: 'api.openai.com' }]); // allowed
 */
export function decideEgress(
  host: string,
  port: number,
  addresses: readonly string[],
  rules: readonly EgressRule[],
): EgressDecision {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const rule = rules.find(
    (candidate) =>
      candidate.host === name &&
      (candidate.port === undefined ? WEB_PORTS.includes(port) : candidate.port === port),
  );
  if (rule === undefined) {
    return {
      allowed: false,
      reason: `${name}:${port} is not an allowed host (--agent-allow-host)`,
    };
  }
  const [address] = addresses;
  if (address === undefined) return { allowed: false, reason: `${name} does not resolve` };
  const internal = addresses.find(isInternalAddress);
  if (internal !== undefined && rule.port === undefined) {
    return {
      allowed: false,
      reason: `${name} resolves to the internal address ${internal}: name ${name}:${port} exactly to allow it`,
    };
  }
  return { allowed: true, address };
}
