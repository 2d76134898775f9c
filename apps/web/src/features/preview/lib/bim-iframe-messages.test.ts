/** Unit tests of the /bimiframe postMessage rules (issue 13). */
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, MAX_IDS, parentOrigin, parseCommand } from './bim-iframe-messages.ts';

const SELF = 'https://bim.example.com';
const ALLOWED = ['https://oa.example.com'];

describe('bimiframe messages', () => {
  it('reads the four commands and nothing else', () => {
    expect(parseCommand({ type: 'bimdrive:select', ids: ['2O2Fr$t4X7Zf8NOew3FLOH'] })).toEqual({
      type: 'bimdrive:select',
      ids: ['2O2Fr$t4X7Zf8NOew3FLOH'],
    });
    expect(parseCommand({ type: 'bimdrive:isolate', ids: [] })).toEqual({
      type: 'bimdrive:isolate',
      ids: [],
    });
    expect(parseCommand({ type: 'bimdrive:fit', ids: 3 })).toEqual({ type: 'bimdrive:fit' });
    expect(parseCommand({ type: 'bimdrive:showAll' })).toEqual({ type: 'bimdrive:showAll' });
    for (const bad of [
      null,
      'bimdrive:fit',
      { type: 'bimdrive:select' },
      { type: 'bimdrive:select', ids: [1] },
      { type: 'bimdrive:select', ids: ['x'.repeat(200)] },
      { type: 'bimdrive:select', ids: Array(MAX_IDS + 1).fill('a') },
      { type: 'bimdrive:delete', ids: ['a'] },
    ])
      expect(parseCommand(bad)).toBeNull();
  });

  it('talks only to this site and the allowed origins', () => {
    expect(isAllowedOrigin(SELF, ALLOWED, SELF)).toBe(true);
    expect(isAllowedOrigin('https://oa.example.com', ALLOWED, SELF)).toBe(true);
    expect(isAllowedOrigin('https://evil.example.com', ALLOWED, SELF)).toBe(false);
    expect(parentOrigin('https://oa.example.com/portal/page?x=1', ALLOWED, SELF)).toBe(
      'https://oa.example.com',
    );
    expect(parentOrigin('https://evil.example.com/', ALLOWED, SELF)).toBeNull();
    expect(parentOrigin('', ALLOWED, SELF)).toBeNull();
  });
});
