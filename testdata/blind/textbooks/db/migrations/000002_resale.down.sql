DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS outbox_tasks;
DROP TABLE IF EXISTS api_idempotency;
DROP TABLE IF EXISTS pick_tickets;
DROP TABLE IF EXISTS order_lines;
DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS listings;
DROP TABLE IF EXISTS inventory_copies;
