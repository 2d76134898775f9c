// @vitest-environment jsdom
/**
 * useUploadPicker (spec 001 §3 upload; issue 5): chosen files go to the folder's target when the
 * caller may upload; files chosen before the listing answered wait for it (every choice, in order), and are dropped when the
 * browser left their folder meanwhile or the area allows no upload. The input is emptied each time
 * so the same file can be chosen again.
 */
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useUploadPicker, type UploadPickerOptions, type UploadTarget } from './use-upload-picker.ts';

const target = (folderId: string): UploadTarget => ({
  folderId,
  fullPath: `我的文件/${folderId}/`,
  spaceId: '',
});

const file = new File(['x'], 'a.ifc');

/** A change event of an input that chose `files`. */
const chosen = (files: File[]) => {
  const input = { files, value: 'C:\\fakepath\\a.ifc' };
  return { event: { target: input } as unknown as ChangeEvent<HTMLInputElement>, input };
};

const setUp = (options: Omit<UploadPickerOptions, 'onUpload' | 'target'>) => {
  const onUpload = vi.fn();
  const hook = renderHook(
    (o: Omit<UploadPickerOptions, 'onUpload' | 'target'>) =>
      useUploadPicker({ ...o, target: target(o.folderId), onUpload }),
    { initialProps: options },
  );
  return { onUpload, ...hook };
};

describe('useUploadPicker', () => {
  it('uploads chosen files into the listed folder and empties the input', () => {
    const { result, onUpload } = setUp({ folderId: 'f1', listed: true, canUpload: true });
    const { event, input } = chosen([file]);
    act(() => result.current.onFilesChosen(event));
    expect(onUpload).toHaveBeenCalledWith([file], target('f1'));
    expect(input.value).toBe('');
  });

  it('uploads nothing without the upload right, or when nothing was chosen', () => {
    const { result, onUpload } = setUp({ folderId: 'f1', listed: true, canUpload: false });
    act(() => result.current.onFilesChosen(chosen([file]).event));
    act(() => result.current.onFilesChosen(chosen([]).event));
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('holds files chosen before the listing answered until it does', () => {
    const { result, rerender, onUpload } = setUp({ folderId: 'f1', listed: false, canUpload: false });
    act(() => result.current.onFilesChosen(chosen([file]).event));
    expect(onUpload).not.toHaveBeenCalled();
    rerender({ folderId: 'f1', listed: true, canUpload: true });
    expect(onUpload).toHaveBeenCalledExactlyOnceWith([file], target('f1'));
    rerender({ folderId: 'f1', listed: true, canUpload: true });
    expect(onUpload).toHaveBeenCalledTimes(1);
  });

  it('holds every choice made before the listing answered (a file, then a folder) and uploads them all', () => {
    const { result, rerender, onUpload } = setUp({ folderId: 'f1', listed: false, canUpload: false });
    const model = new File(['m'], 'RhinoLogo.3dm');
    const folder = [new File(['g'], 'BoxTextured.gltf'), new File(['b'], 'BoxTextured0.bin')];
    act(() => result.current.onFilesChosen(chosen([model]).event));
    act(() => result.current.onFilesChosen(chosen(folder).event));
    rerender({ folderId: 'f1', listed: true, canUpload: true });
    expect(onUpload).toHaveBeenCalledExactlyOnceWith([model, ...folder], target('f1'));
  });

  it('drops held files when the browser left their folder, or the area allows no upload', () => {
    const moved = setUp({ folderId: 'f1', listed: false, canUpload: false });
    act(() => moved.result.current.onFilesChosen(chosen([file]).event));
    moved.rerender({ folderId: 'f2', listed: true, canUpload: true });
    expect(moved.onUpload).not.toHaveBeenCalled();

    const readOnly = setUp({ folderId: 'f1', listed: false, canUpload: false });
    act(() => readOnly.result.current.onFilesChosen(chosen([file]).event));
    readOnly.rerender({ folderId: 'f1', listed: true, canUpload: false });
    readOnly.rerender({ folderId: 'f1', listed: true, canUpload: true });
    expect(readOnly.onUpload).not.toHaveBeenCalled();
  });
});
