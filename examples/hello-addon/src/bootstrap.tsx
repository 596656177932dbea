import { runStandalone } from '@uc/ui';
import { routes } from './routes';

runStandalone('hello-addon', routes);
