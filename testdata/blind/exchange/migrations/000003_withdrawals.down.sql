DROP TABLE IF EXISTS withdrawal_limits;
DROP TABLE IF EXISTS chain_observations;
DROP TABLE IF EXISTS withdrawal_attempts;
DROP TABLE IF EXISTS withdrawal_approvals;
DROP TABLE IF EXISTS withdrawals;
