import { config } from 'zod';

// zod compiles faster parsers with `new Function` when it may, and probes for that with
// `Function('')` on the first object it parses. The console's Content-Security-Policy allows no eval,
// so the probe is refused and reported as a violation on every screen. The setting lives on
// globalThis, so this one call covers every copy of zod on the page (the remotes' too).
config({ jitless: true });
