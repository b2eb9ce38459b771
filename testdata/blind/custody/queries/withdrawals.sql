-- name: CreateWithdrawal :exec
INSERT INTO withdrawals (
    id, wallet_id, customer_id, asset, chain, amount, to_address,
    beneficiary_vasp, beneficiary_name, status, required_approvals
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11);

-- name: GetWithdrawal :one
SELECT * FROM withdrawals WHERE id = $1;

-- name: GetWithdrawalForUpdate :one
SELECT * FROM withdrawals WHERE id = $1 FOR UPDATE;

-- name: GetWithdrawalByTxHash :one
SELECT * FROM withdrawals WHERE chain = $1 AND tx_hash = $2;

-- name: TransitionWithdrawal :execrows
UPDATE withdrawals
SET status = sqlc.arg(to_status), updated_at = now()
WHERE id = sqlc.arg(id) AND status = ANY(sqlc.arg(from_statuses)::text[]);

-- name: SetWithdrawalStatus :exec
UPDATE withdrawals SET status = $2, updated_at = now() WHERE id = $1;

-- name: SetWithdrawalTxHash :exec
UPDATE withdrawals SET tx_hash = $2, updated_at = now() WHERE id = $1;

-- name: SetWithdrawalNetworkFee :exec
UPDATE withdrawals SET network_fee = $2, updated_at = now() WHERE id = $1;

-- name: AddApproval :execrows
INSERT INTO withdrawal_approvals (withdrawal_id, approver_id, comment)
VALUES ($1, $2, $3)
ON CONFLICT (withdrawal_id, approver_id) DO NOTHING;

-- name: CountApprovals :one
SELECT count(*) FROM withdrawal_approvals WHERE withdrawal_id = $1;

-- name: CreateBroadcastAttempt :exec
INSERT INTO broadcast_attempts (id, withdrawal_id, request_id)
VALUES ($1, $2, $3);

-- name: FinishBroadcastAttempt :exec
UPDATE broadcast_attempts
SET status = $2, provider_ref = $3, error = $4, finished_at = now()
WHERE id = $1;

-- name: InsertTxConfirmation :exec
INSERT INTO tx_confirmations (withdrawal_id, tx_hash, block_height, network_fee, confirmed_at)
VALUES ($1, $2, $3, $4, $5);
