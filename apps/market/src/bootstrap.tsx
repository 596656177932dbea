import { runStandalone } from '@uc/shared/ui';
import { routes } from './routes';

runStandalone('market', routes);
