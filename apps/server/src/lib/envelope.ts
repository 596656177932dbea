import { ResultCode, type Envelope } from '@uc/contracts';

export const ok = <T>(data: T): Envelope<T> => ({ code: ResultCode.success, message: 'ok', data });
export const fail = (code: number, message: string): Envelope<null> => ({ code, message, data: null });
