/**
 * Web worker of the 2D drawing viewer (issue 13): dxf-viewer fetches, parses and prepares the DXF
 * and its fonts here, off the main thread, and hands the built scene back (dxf-viewer's protocol).
 */
import { DxfViewer } from 'dxf-viewer';

DxfViewer.SetupWorker();
