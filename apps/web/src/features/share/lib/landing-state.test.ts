import { describe, expect, it } from 'vitest';
import { landingFailure } from './landing-state.ts';

describe('landingFailure (000 §2 /s)', () => {
  it('maps 410 to expired, 404 to cancelled/unknown, the rest to a retryable error', () => {
    expect(landingFailure(410)).toBe('expired');
    expect(landingFailure(404)).toBe('notFound');
    expect(landingFailure(500)).toBe('error');
    expect(landingFailure(0)).toBe('error');
  });
});
