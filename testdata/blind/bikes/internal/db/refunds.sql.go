package db

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const refundColumns = `id, charge_id, rider_id, amount_cents, reason, status, stripe_refund_id, created_at, processed_at`

func scanRefund(row interface{ Scan(...any) error }) (RefundRequest, error) {
	var i RefundRequest
	err := row.Scan(
		&i.ID,
		&i.ChargeID,
		&i.RiderID,
		&i.AmountCents,
		&i.Reason,
		&i.Status,
		&i.StripeRefundID,
		&i.CreatedAt,
		&i.ProcessedAt,
	)
	return i, err
}

const createRefundRequest = `-- name: CreateRefundRequest :execrows
INSERT INTO refund_requests (id, charge_id, rider_id, amount_cents, reason)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (charge_id) DO NOTHING`

type CreateRefundRequestParams struct {
	ID          uuid.UUID
	ChargeID    uuid.UUID
	RiderID     uuid.UUID
	AmountCents int64
	Reason      string
}

func (q *Queries) CreateRefundRequest(ctx context.Context, arg CreateRefundRequestParams) (int64, error) {
	result, err := q.db.Exec(ctx, createRefundRequest,
		arg.ID,
		arg.ChargeID,
		arg.RiderID,
		arg.AmountCents,
		arg.Reason,
	)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const getRefundRequest = `-- name: GetRefundRequest :one
SELECT ` + refundColumns + ` FROM refund_requests WHERE id = $1`

func (q *Queries) GetRefundRequest(ctx context.Context, id uuid.UUID) (RefundRequest, error) {
	return scanRefund(q.db.QueryRow(ctx, getRefundRequest, id))
}

const getRefundRequestByCharge = `-- name: GetRefundRequestByCharge :one
SELECT ` + refundColumns + ` FROM refund_requests WHERE charge_id = $1`

func (q *Queries) GetRefundRequestByCharge(ctx context.Context, chargeID uuid.UUID) (RefundRequest, error) {
	return scanRefund(q.db.QueryRow(ctx, getRefundRequestByCharge, chargeID))
}

const markRefundProcessed = `-- name: MarkRefundProcessed :exec
UPDATE refund_requests
SET status = 'refunded', stripe_refund_id = $2, processed_at = now()
WHERE id = $1`

type MarkRefundProcessedParams struct {
	ID             uuid.UUID
	StripeRefundID pgtype.Text
}

func (q *Queries) MarkRefundProcessed(ctx context.Context, arg MarkRefundProcessedParams) error {
	_, err := q.db.Exec(ctx, markRefundProcessed, arg.ID, arg.StripeRefundID)
	return err
}
