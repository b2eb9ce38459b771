-- name: GetDriver :one
SELECT * FROM drivers WHERE id = $1;

-- name: GetShift :one
SELECT * FROM driver_shifts WHERE id = $1;

-- name: CloseShift :one
UPDATE driver_shifts
SET status = 'closed',
    ended_at = @ended_at,
    minutes = @minutes
WHERE id = @id
RETURNING *;

-- name: InsertShiftExpense :one
INSERT INTO shift_expenses (id, shift_id, kind, amount_cents, receipt_ref)
VALUES (@id, @shift_id, @kind, @amount_cents, @receipt_ref)
RETURNING *;

-- name: SumShiftExpenses :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint AS total
FROM shift_expenses WHERE shift_id = $1;

-- name: InsertDriverPayout :one
INSERT INTO driver_payouts (id, shift_id, driver_id, amount_cents, currency)
VALUES (@id, @shift_id, @driver_id, @amount_cents, @currency)
RETURNING *;

-- name: GetDriverPayout :one
SELECT * FROM driver_payouts WHERE id = $1;

-- name: MarkPayoutPaid :execrows
UPDATE driver_payouts
SET status = 'paid', provider_payout_id = @provider_payout_id, paid_at = now()
WHERE id = @id AND status = 'pending';

-- name: MarkPayoutFailed :execrows
UPDATE driver_payouts SET status = 'failed'
WHERE id = @id AND status = 'pending';

-- name: InsertPayoutAttempt :exec
INSERT INTO payout_attempts (id, payout_id, attempt, outcome, detail)
VALUES (@id, @payout_id, @attempt, @outcome, @detail);

-- name: ListStalePendingPayouts :many
SELECT id FROM driver_payouts
WHERE status = 'pending' AND created_at < @older_than
ORDER BY created_at
LIMIT @max_rows;
