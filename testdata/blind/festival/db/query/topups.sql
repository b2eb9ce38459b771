-- name: CreateTopup :one
INSERT INTO topups (id, wallet_id, channel, booth_id, method, amount_cents, status, psp_reference)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING *;

-- name: GetTopup :one
SELECT * FROM topups WHERE id = $1;

-- name: SetTopupAuthorised :exec
UPDATE topups
SET status = 'authorised', psp_reference = $2, updated_at = now()
WHERE id = $1
  AND status = 'pending';

-- name: MarkTopupSucceeded :one
UPDATE topups
SET status = 'succeeded',
    psp_reference = COALESCE(psp_reference, @psp_reference),
    updated_at = now()
WHERE id = @id
  AND status IN ('pending', 'authorised')
RETURNING *;

-- name: MarkTopupFailed :exec
UPDATE topups
SET status = 'failed', updated_at = now()
WHERE id = $1
  AND status IN ('pending', 'authorised');

-- name: InsertPaymentEvent :one
INSERT INTO payment_events (psp_reference, event_code, merchant_reference, success, amount_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (psp_reference, event_code) DO NOTHING
RETURNING psp_reference;
