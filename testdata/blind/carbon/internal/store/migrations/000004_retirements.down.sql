DROP TABLE IF EXISTS provider_attempts;
DROP TABLE IF EXISTS webhook_endpoints;
DROP TABLE IF EXISTS certificates;
DROP TABLE IF EXISTS retirements;
