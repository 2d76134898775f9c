/** The failure line of a native tool (run-isolated.ts toolFailure; issue 13: stdout feeds reasons too). */
import { describe, expect, it } from 'vitest';
import { toolFailure } from './run-isolated.ts';

describe('toolFailure', () => {
  it('takes assimp’s ERROR line from stdout when stderr is empty (never "exit 10")', () => {
    const stdout = [
      'Launching asset import ...           OK',
      '0 %',
      '50 %',
      'ERROR: Failed to load file: GLTF: could not open referenced file "BoxTextured0.bin"',
    ].join('\n');
    expect(toolFailure('', stdout)).toBe(
      'ERROR: Failed to load file: GLTF: could not open referenced file "BoxTextured0.bin"',
    );
  });
  it('prefers an ERROR line, then the last stderr line, then the last stdout line', () => {
    expect(toolFailure('warning\nERROR: bad\nnote', 'ERROR: other')).toBe('ERROR: bad');
    expect(toolFailure('Conversion failed!\n', 'progress=end\n')).toBe('Conversion failed!');
    expect(toolFailure('', 'last words\n\n')).toBe('last words');
    expect(toolFailure('', '')).toBeNull();
  });
});
