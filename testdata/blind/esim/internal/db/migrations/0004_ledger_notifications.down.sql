DROP TABLE IF EXISTS callback_inbox;
DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS commission_ledger;
DROP TABLE IF EXISTS settlements;
