import type { FastifyRequest } from 'fastify';
import { messageLocaleOf, type MessageLocale } from '@uc/contracts/messages';

/** The language to answer this request in: the console sends its selected locale as Accept-Language. */
export const requestLocale = (req: FastifyRequest): MessageLocale => messageLocaleOf(req.headers['accept-language']);
