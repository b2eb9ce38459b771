DROP TABLE IF EXISTS certificate_amendments;
DROP TABLE IF EXISTS certificates;
DROP TABLE IF EXISTS certificate_filings;
DROP TABLE IF EXISTS webhook_deliveries;
DROP TABLE IF EXISTS shipments;
DROP TABLE IF EXISTS parts_stock;
DROP TABLE IF EXISTS supplier_call_attempts;
DROP TABLE IF EXISTS parts_orders;
