DROP TABLE IF EXISTS webhook_deliveries;
DROP TABLE IF EXISTS outbox;
DROP TABLE IF EXISTS webhook_endpoints;
