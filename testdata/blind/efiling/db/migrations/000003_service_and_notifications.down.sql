DROP TABLE IF EXISTS eservice_deliveries;
DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS docket_subscriptions;
DROP TABLE IF EXISTS docket_entries;
DROP TABLE IF EXISTS gateway_callbacks;
DROP TABLE IF EXISTS service_attempts;
DROP TABLE IF EXISTS service_requests;
