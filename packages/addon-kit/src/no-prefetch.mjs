// The './prefetch' of a remote that declares no src/prefetch.ts: it starts nothing.
export function prefetch() {}
