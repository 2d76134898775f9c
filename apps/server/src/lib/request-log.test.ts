import { describe, expect, it } from 'vitest';
import { requestLogLevel } from './request-log.ts';

describe('request log levels (issue 15)', () => {
  it('keeps successful reads at debug and security events visible', () => {
    expect(requestLogLevel('GET', 200)).toBe('debug');
    expect(requestLogLevel('HEAD', 206)).toBe('debug');
    expect(requestLogLevel('GET', 304)).toBe('debug');
    expect(requestLogLevel('POST', 200)).toBe('info');
    expect(requestLogLevel('GET', 401)).toBe('info');
    expect(requestLogLevel('GET', 403)).toBe('info');
    expect(requestLogLevel('POST', 400)).toBe('info');
    expect(requestLogLevel('POST', 429)).toBe('warn');
    expect(requestLogLevel('POST', 503)).toBe('warn');
    expect(requestLogLevel('GET', 500)).toBe('error');
  });
});
