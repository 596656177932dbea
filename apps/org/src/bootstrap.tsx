import { runStandalone } from '@uc/ui';
import { routes } from './routes';

runStandalone('org', routes);
