import { MarketPanel } from './features/catalogue/market-panel';
import { registerMarketMessages } from './locales';

// Exposed as 'market/MarketPanel': the drawer may load it before any market page, so it brings its texts.
registerMarketMessages();

export { MarketPanel };
export default MarketPanel;
