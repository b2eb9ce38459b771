package db

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const rideChargeColumns = `id, ride_id, rider_id, amount_cents, currency, status, payment_intent_id,
       failure_code, created_at, charged_at`

func scanRideCharge(row interface{ Scan(...any) error }) (RideCharge, error) {
	var i RideCharge
	err := row.Scan(
		&i.ID,
		&i.RideID,
		&i.RiderID,
		&i.AmountCents,
		&i.Currency,
		&i.Status,
		&i.PaymentIntentID,
		&i.FailureCode,
		&i.CreatedAt,
		&i.ChargedAt,
	)
	return i, err
}

const createRideCharge = `-- name: CreateRideCharge :execrows
INSERT INTO ride_charges (id, ride_id, rider_id, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (ride_id) DO NOTHING`

type CreateRideChargeParams struct {
	ID          uuid.UUID
	RideID      uuid.UUID
	RiderID     uuid.UUID
	AmountCents int64
	Currency    string
}

func (q *Queries) CreateRideCharge(ctx context.Context, arg CreateRideChargeParams) (int64, error) {
	result, err := q.db.Exec(ctx, createRideCharge,
		arg.ID,
		arg.RideID,
		arg.RiderID,
		arg.AmountCents,
		arg.Currency,
	)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const getRideCharge = `-- name: GetRideCharge :one
SELECT ` + rideChargeColumns + ` FROM ride_charges WHERE id = $1`

func (q *Queries) GetRideCharge(ctx context.Context, id uuid.UUID) (RideCharge, error) {
	return scanRideCharge(q.db.QueryRow(ctx, getRideCharge, id))
}

const getRideChargeByRide = `-- name: GetRideChargeByRide :one
SELECT ` + rideChargeColumns + ` FROM ride_charges WHERE ride_id = $1`

func (q *Queries) GetRideChargeByRide(ctx context.Context, rideID uuid.UUID) (RideCharge, error) {
	return scanRideCharge(q.db.QueryRow(ctx, getRideChargeByRide, rideID))
}

const markRideChargeSucceeded = `-- name: MarkRideChargeSucceeded :exec
UPDATE ride_charges
SET status = 'succeeded', payment_intent_id = $2, charged_at = $3, failure_code = NULL
WHERE id = $1`

type MarkRideChargeSucceededParams struct {
	ID              uuid.UUID
	PaymentIntentID pgtype.Text
	ChargedAt       pgtype.Timestamptz
}

func (q *Queries) MarkRideChargeSucceeded(ctx context.Context, arg MarkRideChargeSucceededParams) error {
	_, err := q.db.Exec(ctx, markRideChargeSucceeded, arg.ID, arg.PaymentIntentID, arg.ChargedAt)
	return err
}

const markRideChargeFailed = `-- name: MarkRideChargeFailed :exec
UPDATE ride_charges
SET status = 'failed', failure_code = $2
WHERE id = $1 AND status <> 'succeeded'`

type MarkRideChargeFailedParams struct {
	ID          uuid.UUID
	FailureCode pgtype.Text
}

func (q *Queries) MarkRideChargeFailed(ctx context.Context, arg MarkRideChargeFailedParams) error {
	_, err := q.db.Exec(ctx, markRideChargeFailed, arg.ID, arg.FailureCode)
	return err
}
