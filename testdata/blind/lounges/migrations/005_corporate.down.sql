ALTER TABLE day_passes DROP CONSTRAINT IF EXISTS day_passes_corporate_batch_fk;
DROP TABLE IF EXISTS corporate_pass_batches;
DROP TABLE IF EXISTS corporate_accounts;
