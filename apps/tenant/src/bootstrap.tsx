import { runStandalone } from '@uc/ui';
import { routes } from './routes';

runStandalone('tenant', routes);
