import { runStandalone } from '@uc/ui';
import { routes } from './routes';

runStandalone('market', routes);
