DROP TABLE IF EXISTS api_idempotency_keys;
DROP TABLE IF EXISTS partner_events;
DROP TABLE IF EXISTS access_code_uses;
DROP TABLE IF EXISTS reviews;
DROP TABLE IF EXISTS walk_checkins;
