// Module federation's async boundary: shared singletons are negotiated before any app code runs.
import { showBootFailure } from './boot-failure';

import('./bootstrap').catch(showBootFailure);
