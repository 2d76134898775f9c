/**
 * What a failed tus request means (spec 000 §8 session-ended codes, 001 §8 -120 file occupied): the
 * message the upload row shows after 错误:, whether the session ended, and the models to close.
 */
import { isSessionEnded, ResultCode } from '@bimdrive/contracts';
import { DetailedError } from 'tus-js-client';
import i18n from '../../../lib/i18n.ts';
import { envelopeMessage } from './transfer-logic.ts';

/** The data of a -120 answer (a model open in a viewer, 001 §8), or null for any other failure. */
export function occupiedData(err: Error): unknown {
  if (!(err instanceof DetailedError) || !err.originalResponse) return null;
  try {
    const parsed = JSON.parse(err.originalResponse.getBody()) as { code?: unknown; data?: unknown };
    return parsed.code === ResultCode.occupied ? (parsed.data ?? {}) : null;
  } catch {
    return null;
  }
}

/**
 * How a failed tus request reads to the user: the envelope `msg` of the server's answer (or 上传失败 with
 * its HTTP status), 服务器繁忙 when the network failed while online; `sessionEnded` for 000 §8 codes.
 */
export function errorMessage(err: Error): { msg: string; sessionEnded: boolean } {
  if (err instanceof DetailedError && err.originalResponse) {
    const body = err.originalResponse.getBody();
    const msg = envelopeMessage(body);
    let code: number | string | null = null;
    try {
      const parsed: unknown = JSON.parse(body);
      if (
        parsed &&
        typeof parsed === 'object' &&
        'code' in parsed &&
        (typeof parsed.code === 'number' || typeof parsed.code === 'string')
      )
        code = parsed.code;
    } catch {
      /* not JSON */
    }
    if (msg) return { msg, sessionEnded: code !== null && isSessionEnded(code) };
    return {
      msg: `${i18n.t('transfers:uploadFailed')} (HTTP ${err.originalResponse.getStatus()})`,
      sessionEnded: false,
    };
  }
  return {
    msg: navigator.onLine ? i18n.t('common:serverBusy') : i18n.t('transfers:uploadFailed'),
    sessionEnded: false,
  };
}
