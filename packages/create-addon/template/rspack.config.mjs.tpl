// @ts-check
// Rspack config of the __NAME__ addon: the console's preset (@uc/addon-kit). The addon declares itself in
// package.json ("ucAddon"); the build writes its manifest (uc-addon.json) and checks it against the console.
import { addonConfig } from '@uc/addon-kit';

export default addonConfig({ dir: import.meta.dirname });
