DROP TABLE IF EXISTS invoices;
DROP TABLE IF EXISTS commissions;
DROP TABLE IF EXISTS webhook_deliveries;
DROP TABLE IF EXISTS webhook_endpoints;
DROP TABLE IF EXISTS batch_items;
DROP TABLE IF EXISTS batches;
DROP TABLE IF EXISTS resellers;
