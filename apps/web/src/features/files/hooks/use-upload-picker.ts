/**
 * Choosing what to upload into the file browser's folder (spec 001 §3 upload; issue 5 "several files
 * and folders at once"): the hidden file and folder inputs behind 上传文件 / 上传文件夹, and files or
 * folders dropped on the page (a dropped folder keeps its relative paths: the upload queue creates
 * the folders first). Uploads need the `upload` right in the area. Files chosen before the folder's
 * listing answered wait for it (its rights and display path come with it; several such choices wait
 * together, in order), and are dropped if the browser left that folder meanwhile.
 */
import type { SpaceKindValue } from '@bimdrive/contracts';
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type RefObject } from 'react';
import { droppedFiles } from '../../../lib/dropped-files.ts';

/**
 * Where an upload goes: the folder id, its display path (000 §3 upload record fullPath), the area and
 * its kind.
 */
export interface UploadTarget {
  folderId: string;
  fullPath: string;
  spaceId: string;
  spaceKind?: SpaceKindValue;
}

/** The folder and what is known of it. */
export interface UploadPickerOptions {
  /** The folder shown. */
  folderId: string;
  /** Its listing has answered (rights and target are known). */
  listed: boolean;
  /** The caller may upload here. */
  canUpload: boolean;
  /** Where uploads into the folder go. */
  target: UploadTarget;
  /** Start uploading the files into `target`. */
  onUpload: (files: File[], target: UploadTarget) => void;
}

/** The inputs and handlers of the upload picker. */
export interface UploadPicker {
  /** Give it to the hidden `<input type="file" multiple>` of files. */
  fileInputRef: RefObject<HTMLInputElement | null>;
  /** Give it to the hidden input of a folder (it makes it pick folders: `webkitdirectory`). */
  folderInputRef: (el: HTMLInputElement | null) => void;
  /** Open the file or the folder picker. */
  pickFiles: () => void;
  pickFolder: () => void;
  /** `onChange` of both inputs. */
  onFilesChosen: (e: ChangeEvent<HTMLInputElement>) => void;
  /** `onDragOver` and `onDrop` of the drop zone (only drags that carry files are taken). */
  onDragOver: (e: DragEvent<HTMLElement>) => void;
  onDrop: (e: DragEvent<HTMLElement>) => void;
}

/** The upload picker of the folder shown. */
export function useUploadPicker({
  folderId,
  listed,
  canUpload,
  target,
  onUpload,
}: UploadPickerOptions): UploadPicker {
  const fileInputRef = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [pendingUpload, setPendingUpload] = useState<{ folderId: string; files: File[] } | null>(null);
  useEffect(() => {
    if (!pendingUpload || !listed) return;
    setPendingUpload(null);
    // Left for another folder meanwhile: the files were meant for the one they were chosen in.
    if (pendingUpload.folderId === folderId && canUpload) onUpload(pendingUpload.files, target);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- target is derived from the listing each render
  }, [pendingUpload, listed, folderId, canUpload]);

  return {
    fileInputRef,
    folderInputRef: (el) => {
      folderInput.current = el;
      // Folder pick: every file of the folder with its webkitRelativePath.
      el?.setAttribute('webkitdirectory', '');
    },
    pickFiles: () => fileInputRef.current?.click(),
    pickFolder: () => folderInput.current?.click(),
    onFilesChosen: (e) => {
      const files = Array.from(e.target.files ?? []);
      e.target.value = '';
      if (!files.length) return;
      // Several choices before the listing answered (a file, then a folder) all wait, in order.
      if (!listed)
        setPendingUpload((held) =>
          held?.folderId === folderId ? { folderId, files: [...held.files, ...files] } : { folderId, files },
        );
      else if (canUpload) onUpload(files, target);
    },
    onDragOver: (e) => {
      if (e.dataTransfer.types.includes('Files')) e.preventDefault();
    },
    onDrop: (e) => {
      if (!e.dataTransfer.types.includes('Files')) return;
      e.preventDefault();
      if (!canUpload) return;
      void droppedFiles(e.dataTransfer).then((files) => {
        if (files.length) onUpload(files, target);
      });
    },
  };
}
