import type { FastifyInstance } from 'fastify';
import { memberListCall, memberViewCall } from '@uc/contracts';
import { callsOf, defineModule, type ModuleDeps } from './module-plugin';
import { implement } from './pipeline/implement';

const app = {} as FastifyInstance;
const deps = { uploadDir: '/tmp/uploads' } as ModuleDeps;
const list = implement(memberListCall, () => Promise.reject(new Error('not called')));
const view = implement(memberViewCall, () => Promise.reject(new Error('not called')));

describe('callsOf', () => {
  it('gives every module the shared dependencies and keeps the calls in the order listed', () => {
    const seen: string[] = [];
    const first = defineModule('first', (d) => {
      seen.push(d.uploadDir);
      return [view];
    });
    const second = defineModule('second', () => [list]);
    expect(callsOf(app, [first, second], deps)).toEqual([view, list]);
    expect(seen).toEqual(['/tmp/uploads']);
  });

  it('refuses a module listed twice', () => {
    const once = defineModule('member', () => [list]);
    expect(() => callsOf(app, [once, defineModule('member', () => [])], deps)).toThrow('The module member is listed twice in app.ts: keep one');
  });
});
