import { describe, expect, it } from 'vitest';
import { bodyHeight, isModelKind, modelState, shouldPoll } from './preview-rules.ts';

describe('bodyHeight (001 §2)', () => {
  it('is viewport − 57px for models and a further 48px less for other files', () => {
    expect(bodyHeight('fragments')).toBe('calc(100dvh - 57px)');
    expect(bodyHeight('glb')).toBe('calc(100dvh - 57px)');
    expect(bodyHeight('pdf')).toBe('calc(100dvh - 105px)');
    expect(bodyHeight('image')).toBe('calc(100dvh - 105px)');
  });
  it('knows the model kinds', () => {
    expect(isModelKind('fragments')).toBe(true);
    expect(isModelKind('office')).toBe(false);
  });
});

describe('shouldPoll (001 §4)', () => {
  it('polls only while queued or converting', () => {
    expect([0, 1, 2, 3, 4].map((statusType) => shouldPoll({ statusType }))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(shouldPoll(undefined)).toBe(false);
  });
});

describe('modelState (001 §4)', () => {
  it('is ready only at status 3 with a converted URL', () => {
    expect(modelState({ statusType: 3, statusMsg: '', viewUrl: '/m.frag' })).toEqual({
      kind: 'ready',
      url: '/m.frag',
    });
    expect(modelState({ statusType: 3, statusMsg: '', viewUrl: null })).toEqual({ kind: 'missing' });
  });
  it('reports queued / converting / none as pending and failures with their reason', () => {
    expect(modelState({ statusType: 1, statusMsg: '', viewUrl: null })).toEqual({
      kind: 'pending',
      status: 'queued',
    });
    expect(modelState({ statusType: 2, statusMsg: '', viewUrl: null })).toEqual({
      kind: 'pending',
      status: 'converting',
    });
    expect(modelState({ statusType: 0, statusMsg: '', viewUrl: null })).toEqual({
      kind: 'pending',
      status: null,
    });
    expect(modelState({ statusType: 4, statusMsg: '没有可用的转换器', viewUrl: null })).toEqual({
      kind: 'failed',
      reason: '没有可用的转换器',
    });
  });
});
