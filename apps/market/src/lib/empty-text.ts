/**
 * What an empty market says: how to fill it only to whom may install (the platform's administrators,
 * who run the server or ask who does); everyone else is told no more than that it is empty.
 */
export const emptyText = (mayInstall: boolean): string => (mayInstall ? 'market.panel.emptyAdmin' : 'market.panel.empty');
