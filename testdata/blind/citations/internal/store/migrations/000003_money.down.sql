DROP TABLE IF EXISTS plan_reminders;
DROP TABLE IF EXISTS plan_installments;
DROP TABLE IF EXISTS payment_plans;
DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS payments;
DROP TABLE IF EXISTS payment_intents;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS fees;
