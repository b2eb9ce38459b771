DROP TABLE IF EXISTS ride_credits;
DROP TABLE IF EXISTS payroll_webhook_events;
DROP TABLE IF EXISTS payroll_adjustments;
DROP TABLE IF EXISTS deduction_status_history;
DROP TABLE IF EXISTS fare_deductions;
DROP TABLE IF EXISTS fare_runs;
