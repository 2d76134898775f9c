import { describe, expect, it } from 'vitest';
import { bodyHeight, isModelKind, modelState, shouldPoll, showsHeaderBar } from './preview-rules.ts';

describe('bodyHeight (001 §2)', () => {
  it('is viewport − 57px for models and a further 48px less for other files', () => {
    expect(bodyHeight('fragments')).toBe('calc(100dvh - 57px)');
    expect(bodyHeight('glb')).toBe('calc(100dvh - 57px)');
    expect(bodyHeight('pdf')).toBe('calc(100dvh - 105px)');
    expect(bodyHeight('image')).toBe('calc(100dvh - 105px)');
  });
  it('is the whole viewport without the header bar', () => {
    expect(bodyHeight('fragments', false)).toBe('100dvh');
  });
  it('knows the model kinds', () => {
    expect(isModelKind('fragments')).toBe(true);
    expect(isModelKind('office')).toBe(false);
  });
});

describe('showsHeaderBar (001 §2)', () => {
  const ready = { statusType: 3, statusMsg: '', viewUrl: '/m.frag' };
  it('hides the bar over the 3D viewer of a converted model only', () => {
    expect(showsHeaderBar({ ...ready, previewKind: 'fragments' }, true)).toBe(false);
    expect(showsHeaderBar({ ...ready, previewKind: 'glb' }, true)).toBe(false);
  });
  it('keeps it without 3D graphics, for a model not converted, and for other files', () => {
    expect(showsHeaderBar({ ...ready, previewKind: 'fragments' }, false)).toBe(true);
    expect(showsHeaderBar({ ...ready, previewKind: 'fragments', statusType: 2, viewUrl: null }, true)).toBe(
      true,
    );
    expect(showsHeaderBar({ ...ready, previewKind: 'fragments', statusType: 4 }, true)).toBe(true);
    expect(showsHeaderBar({ ...ready, previewKind: 'pdf' }, true)).toBe(true);
    expect(showsHeaderBar({ ...ready, previewKind: 'drawing' }, true)).toBe(true);
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
