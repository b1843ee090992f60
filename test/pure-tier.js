// Set up before each spec of the pure tier (jest.config.js): a database or Redis it reaches for by mistake is
// an address that does not resolve, so the spec fails instead of quietly using one.
process.env.DATABASE_URL = 'postgres://folio@pure-tier-has-no-database.invalid/folio';
process.env.REDIS_URL = 'redis://pure-tier-has-no-redis.invalid:6379';
