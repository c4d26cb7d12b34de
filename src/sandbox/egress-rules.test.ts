import { describe, expect, it } from 'vitest';
import {
  decideEgress,
  formatEgressRule,
  isInternalAddress,
  parseEgressRules,
} from './egress-rules.js';

describe('parseEgressRules', () => {
  it('reads hosts and host:port pairs, comma-separated or repeated, IPv6 in brackets', () => {
    expect(parseEgressRules(['api.openai.com,127.0.0.1:8080', '[::1]:9000'])).toEqual([
      { host: 'api.openai.com' },
      { host: '127.0.0.1', port: 8080 },
      { host: '::1', port: 9000 },
    ]);
    expect(parseEgressRules(['[::1]:9000']).map(formatEgressRule)).toEqual(['[::1]:9000']);
  });

  it('refuses a URL or a port out of range, naming the entry', () => {
    expect(() => parseEgressRules(['https://api.openai.com'])).toThrow(/"https:\/\/api/);
    expect(() => parseEgressRules(['example.com:70000'])).toThrow(/example.com:70000/);
  });
});

describe('isInternalAddress', () => {
  it('holds loopback, private, link-local, shared and unique-local ranges internal', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700::1111']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });
});

describe('decideEgress', () => {
  const rules = parseEgressRules(['api.example.com', '127.0.0.1:8080', 'intranet.local']);

  it('lets a named host through on the web ports, to the address it resolved to', () => {
    expect(decideEgress('api.example.com', 443, ['93.184.216.34'], rules)).toEqual({
      allowed: true,
      address: '93.184.216.34',
    });
    expect(decideEgress('api.example.com', 22, ['93.184.216.34'], rules).allowed).toBe(false);
  });

  it('refuses hosts nobody named, including the host’s own services', () => {
    expect(decideEgress('127.0.0.1', 5432, ['127.0.0.1'], rules)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/127.0.0.1:5432 is not an allowed host/),
    });
    expect(decideEgress('evil.example', 443, ['1.2.3.4'], rules).allowed).toBe(false);
  });

  it('connects to an internal address only when that exact host:port is named', () => {
    expect(decideEgress('127.0.0.1', 8080, ['127.0.0.1'], rules).allowed).toBe(true);
    // A named host that resolves inside (DNS pointing at the metadata service) is refused.
    expect(decideEgress('intranet.local', 443, ['169.254.169.254'], rules)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/internal address 169.254.169.254/),
    });
  });
});
