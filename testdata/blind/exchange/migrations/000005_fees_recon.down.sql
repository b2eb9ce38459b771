DROP TABLE IF EXISTS recon_breaks;
DROP TABLE IF EXISTS recon_runs;
DROP TABLE IF EXISTS fee_accruals;
DROP TABLE IF EXISTS fee_sweeps;
