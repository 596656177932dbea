import { runStandalone } from '@uc/ui';
import { routes } from './routes';

runStandalone('permission', routes);
