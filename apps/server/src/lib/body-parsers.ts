import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * JSON bodies where an empty body means {} (clients send `Content-Type: application/json` on calls
 * without a body, such as logout), and form-urlencoded bodies as plain objects.
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The body is not valid JSON: send a JSON object'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
