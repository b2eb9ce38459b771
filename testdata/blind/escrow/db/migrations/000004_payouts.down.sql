DROP TABLE IF EXISTS processed_messages;
DROP TABLE IF EXISTS seller_notifications;
DROP TABLE IF EXISTS payout_requests;
DROP TABLE IF EXISTS payout_items;
DROP TABLE IF EXISTS payout_batches;
DROP TABLE IF EXISTS seller_accounts;
