DROP TABLE IF EXISTS webhook_outbox;
DROP TABLE IF EXISTS webhook_endpoints;
