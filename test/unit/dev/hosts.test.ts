import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isServedHost } from '../../../src/dev/hosts.js';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.org', 'localhost.example.org', '128.0.0.1', '::2', 'my-laptop'])('%s may be reachable from the network', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('isServedHost', () => {
  const served = { host: '127.0.0.1', port: 3000 };
  it.each(['127.0.0.1:3000', 'localhost:3000', 'LocalHost:3000', '[::1]:3000', '192.168.1.10:3000'])('accepts %s', (header) => {
    expect(isServedHost(header, served)).toBe(true);
  });
  it.each([undefined, '', 'evil.example:3000', 'evil.example', '127.0.0.1:3001', '127.0.0.1', 'localhost.evil.example:3000', 'a:b:c'])('refuses %s', (header) => {
    expect(isServedHost(header, served)).toBe(false);
  });
  it('accepts the name the server was started with, and port 80 without a port', () => {
    expect(isServedHost('Docs.Local:4000', { host: 'docs.local', port: 4000 })).toBe(true);
    expect(isServedHost('docs.local', { host: 'docs.local', port: 80 })).toBe(true);
    expect(isServedHost('other.local:4000', { host: 'docs.local', port: 4000 })).toBe(false);
  });
});
