-- name: GetCancellationFee :one
SELECT trip_id, rider_id, driver_id, amount_cents, currency, status, psp_reference, created_at, updated_at FROM cancellation_fees
WHERE trip_id = $1;

-- name: GetFareByTrip :one
SELECT id, trip_id, rider_id, driver_id, amount_cents, currency, auth_psp_ref, capture_key, capture_psp_ref, status, capture_attempts, created_at, updated_at FROM fares
WHERE trip_id = $1;

-- name: GetWalletTopupByKey :one
SELECT id, rider_id, idempotency_key, amount_cents, currency, status, psp_reference, created_at, updated_at FROM wallet_topups
WHERE idempotency_key = $1;

-- name: InsertCancellationFee :execrows
INSERT INTO cancellation_fees (trip_id, rider_id, driver_id, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (trip_id) DO NOTHING;

-- name: InsertFare :execrows
INSERT INTO fares (id, trip_id, rider_id, driver_id, amount_cents, currency, auth_psp_ref, capture_key)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (trip_id) DO NOTHING;

-- name: InsertRefund :exec
INSERT INTO refunds (id, fare_id, trip_id, amount_cents, currency, reason, requested_by, psp_reference, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: InsertTip :exec
INSERT INTO tips (id, trip_id, rider_id, driver_id, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: InsertToll :exec
INSERT INTO tolls (id, trip_id, toll_ref, driver_id, amount_cents, currency, plaza)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: InsertWalletTopup :exec
INSERT INTO wallet_topups (id, rider_id, idempotency_key, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5);

-- name: ListCaptureFailedFares :many
SELECT id, trip_id, rider_id, driver_id, amount_cents, currency, auth_psp_ref, capture_key, capture_psp_ref, status, capture_attempts, created_at, updated_at FROM fares
WHERE status = 'capture_failed' AND capture_attempts < $1
ORDER BY updated_at
LIMIT $2;

-- name: MarkCancellationFeeCharged :exec
UPDATE cancellation_fees
SET status = 'charged', psp_reference = $2, updated_at = now()
WHERE trip_id = $1;

-- name: MarkFareCaptureFailed :exec
UPDATE fares
SET status = 'capture_failed', capture_attempts = capture_attempts + 1, updated_at = now()
WHERE id = $1 AND status IN ('pending', 'capture_failed');

-- name: MarkFareCaptureFailedByPsp :execrows
UPDATE fares
SET status = 'capture_failed', updated_at = now()
WHERE capture_psp_ref = $1 AND status = 'captured';

-- name: MarkFareCaptured :execrows
UPDATE fares
SET status = 'captured', capture_psp_ref = $2, updated_at = now()
WHERE id = $1 AND status IN ('pending', 'capture_failed');

-- name: MarkFareDisputed :exec
UPDATE fares SET status = 'disputed', updated_at = now()
WHERE id = $1;

-- name: MarkRefundSettled :execrows
UPDATE refunds SET status = 'settled'
WHERE psp_reference = $1 AND status <> 'settled';

-- name: MarkTipCharged :exec
UPDATE tips SET status = 'charged', psp_reference = $2
WHERE id = $1;

-- name: MarkWalletTopupSucceeded :execrows
UPDATE wallet_topups
SET status = 'succeeded', psp_reference = $2, updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: UpdateFareAmount :exec
UPDATE fares SET amount_cents = $2, updated_at = now()
WHERE id = $1;
-- name: MarkTipDeclined :exec
UPDATE tips SET status = 'declined'
WHERE id = $1 AND status = 'pending';
