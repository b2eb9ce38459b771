DROP TABLE IF EXISTS inbound_sms;
DROP TABLE IF EXISTS sms_messages;
DROP TABLE IF EXISTS customer_credits;
DROP TABLE IF EXISTS auction_settlements;
DROP TABLE IF EXISTS auction_sales;
DROP TABLE IF EXISTS auction_listings;
