-- name: CreateRefund :one
INSERT INTO refunds (id, wallet_id, attendee_id, amount_cents, iban, holder)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (wallet_id) DO NOTHING
RETURNING *;

-- name: CreateRefundsForOpenWallets :many
INSERT INTO refunds (id, wallet_id, attendee_id, amount_cents, iban, holder)
SELECT gen_random_uuid(), w.id, w.attendee_id, w.balance_cents, a.refund_iban, a.refund_holder
FROM wallets w
JOIN attendees a ON a.id = w.attendee_id
WHERE w.balance_cents > 0
  AND a.refund_iban IS NOT NULL
  AND a.refund_holder IS NOT NULL
ON CONFLICT (wallet_id) DO NOTHING
RETURNING id, wallet_id, amount_cents;

-- name: GetRefund :one
SELECT * FROM refunds WHERE id = $1;

-- name: GetRefundByWallet :one
SELECT * FROM refunds WHERE wallet_id = $1;

-- name: ListPendingRefunds :many
SELECT id FROM refunds WHERE status = 'pending' ORDER BY created_at LIMIT $1;

-- name: MarkRefundSubmitted :exec
UPDATE refunds
SET status = 'submitted', psp_reference = $2
WHERE id = $1
  AND status = 'pending';

-- name: SetRefundOutcome :exec
UPDATE refunds
SET status = @status::text,
    paid_at = CASE WHEN @status::text = 'paid' THEN now() END
WHERE id = @id
  AND status IN ('pending', 'submitted');
