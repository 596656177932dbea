import { z } from 'zod';
import { ALL_CALLS, envelopeOf, errorEnvelope, type CallContract } from '@uc/contracts';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of a zod schema for the OpenAPI document. Recursive schemas come out with local `$defs`,
 * which OpenAPI would resolve against the document root: they are lifted into components.schemas.
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', name: string, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  const target = (key: string) => `${name}_${key.replace(/^__/, '')}`;
  const rewrite = (node: JsonSchema): JsonSchema => {
    let text = JSON.stringify(node);
    for (const key of Object.keys(defs)) text = text.split(`"#/$defs/${key}"`).join(`"#/components/schemas/${target(key)}"`);
    return JSON.parse(text) as JsonSchema;
  };
  for (const [key, def] of Object.entries(defs)) components[target(key)] = rewrite(def);
  return rewrite(json);
}

const operationId = (c: CallContract) =>
  c.method.toLowerCase() +
  c.path
    .split('/')
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

const ACCESS_NOTE = {
  public: 'Anyone may call this.',
  session: 'Needs a signed-in session (code 61 otherwise).',
  permission: "Needs this address among the caller's permission strings (HTTP 403 otherwise).",
} as const;

/** The OpenAPI 3.1 document of every call, generated from the same contracts the server validates with. */
export function buildOpenApiDocument(calls: readonly CallContract[] = ALL_CALLS): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = schemaOf(errorEnvelope, 'output', 'Error', components);
  const error = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

  for (const call of calls) {
    const id = operationId(call);
    const parameters: unknown[] = [];
    if (call.query) {
      const q = schemaOf(call.query, 'input', `${id}Query`, components);
      const required = new Set((q.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, JsonSchema>)) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    const responses: Record<string, unknown> = {
      200: {
        description: 'Success (code 0)',
        content: { 'application/json': { schema: schemaOf(envelopeOf(call.data), 'output', `${id}Response`, components) } },
      },
      400: error('Invalid input: the message names the field and the rule'),
      500: error('Server error'),
    };
    if (call.access !== 'public') responses[401] = error('Not signed in or session expired (code 61)');
    if (call.access !== 'public') responses[403] = error('No permission (code -1) or tenant disabled/expired (code 60)');
    (paths[call.path] ??= {})[call.method.toLowerCase()] = {
      operationId: id,
      tags: [call.tag],
      summary: call.summary,
      description: call.platformOnly ? `${ACCESS_NOTE[call.access]} Only users of the platform tenant.` : ACCESS_NOTE[call.access],
      'x-access': call.access,
      ...(call.platformOnly ? { 'x-platform-only': true } : {}),
      ...(call.access === 'public' ? { security: [] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(call.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(call.body, 'input', `${id}Body`, components) } } } }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'User Centre API',
      version: '0.1.0',
      description: 'Every response is the envelope { code, message, data }: code 0 success, -1 error, 60 no licence, 61 not signed in.',
    },
    security: [{ token: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The token from accountLogin (raw or "Bearer <token>")' } },
    },
  };
}
