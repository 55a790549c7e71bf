-- Shared limits (issue 26): every API instance counts in the same place, and a restart keeps the
-- counts. `rate_limits` is rate-limiter-flexible's RateLimiterPostgres table (key, points, expire in
-- epoch milliseconds), created here so no instance creates it at run time. With REDIS_URL the
-- counts live in Redis instead and this table stays empty.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
-- The limiter deletes expired rows by `expire` every few minutes.
CREATE INDEX rate_limits_expire ON rate_limits (expire);

-- Wrong PIN tries against one invitation (docs/scaling.md). At 5 its PIN stops working until a
-- new PIN is set or sent, which sets this back to 0.
ALTER TABLE participants ADD COLUMN pin_wrong_tries integer NOT NULL DEFAULT 0;
