import { runStandalone } from '@uc/ui';
import { routes } from './routes';

runStandalone('__NAME__', routes);
