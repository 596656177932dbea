import { runStandalone } from '@uc/shared/ui';
import { routes } from './routes';

runStandalone('permission', [{ index: true, element: null }, ...routes]);
