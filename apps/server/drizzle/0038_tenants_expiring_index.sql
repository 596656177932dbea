-- The workplace's "needs attention" card (issue 16, src/modules/dashboard/dashboard-attention.repository.ts):
-- enabled tenants whose licence ends within 30 days or has ended, soonest first, the platform's own
-- aside. Partial, so it holds only the tenants that can ever be listed (enabled, with an end): the ten
-- rows are the first entries of the range, in the answer's order (expires_at, id), and the count is
-- that range of the index alone, however many tenants never expire.
CREATE INDEX IF NOT EXISTS tenants_expiring_idx ON tenants (expires_at, id) WHERE status = 1 AND expires_at IS NOT NULL AND NOT is_platform;
