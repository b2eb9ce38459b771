-- name: StartReconRun :one
INSERT INTO reconciliation_runs (id, run_date, status, started_at)
VALUES ($1, $2, 'running', $3)
ON CONFLICT (run_date) DO UPDATE
SET status = 'running', started_at = EXCLUDED.started_at, finished_at = NULL
RETURNING *;

-- name: InsertReconLine :execrows
INSERT INTO reconciliation_lines (balance_txn_id, run_id, txn_type, source_id, amount_cents, fee_cents, net_cents, currency, matched)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (balance_txn_id) DO NOTHING;

-- name: InsertMismatch :exec
INSERT INTO reconciliation_mismatches (id, run_id, balance_txn_id, kind, expected_cents, actual_cents, detail, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);

-- name: FinishReconRun :exec
UPDATE reconciliation_runs
SET status = 'completed', txn_count = $2, mismatch_count = $3, finished_at = $4
WHERE id = $1;
