// Standalone dev entry; the async boundary lets federation negotiate the shared singletons first.
void import('./bootstrap');
