import type { FastifyInstance } from 'fastify';
import { ALL_CALLS } from '@uc/contracts';
import type { Database } from '../../db/client';
import type { CallImplementation } from '../../http/route-registrar';
import { dashboardCalls } from './dashboard.routes';
import { ProcessSampler } from './process-sampler';
import { RemoteHealth } from './remote-health';
import { measureRoutes, RequestMetrics } from './request-metrics';

/**
 * The dashboard (issue 16): its calls, and what the monitor reads that only this process knows. Call
 * it before the API's routes are registered: the request metrics hook into each route as it is added,
 * and measure the contract catalogue's calls only.
 */
export function createDashboard(app: FastifyInstance, database: Database): CallImplementation[] {
  const metrics = new RequestMetrics();
  const calls = new Set(ALL_CALLS.map((c) => `${c.method} ${c.path}`));
  measureRoutes(app, metrics, (method, url) => calls.has(`${method} ${url}`));
  const sampler = new ProcessSampler();
  sampler.start();
  app.addHook('onClose', async () => sampler.stop());
  // Builds and addons are files this server serves: asked of it in process, as a browser would ask.
  const remoteHealth = new RemoteHealth({ local: async (path) => (await app.inject({ method: 'GET', url: path })).statusCode });
  return dashboardCalls({ database, metrics, sampler, remoteHealth });
}
