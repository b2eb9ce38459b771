DROP TABLE IF EXISTS account_credits;
DROP TABLE IF EXISTS bill_adjustments;
DROP TABLE IF EXISTS bill_lines;
DROP TABLE IF EXISTS bills;
DROP TABLE IF EXISTS billing_runs;
