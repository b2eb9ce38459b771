package db

import (
	"context"

	"github.com/google/uuid"
)

const riderColumns = `id, phone, display_name, stripe_customer_id, payment_method_id, payment_method_brand,
       payment_method_last4, sms_receipts, autoreload_enabled, autoreload_threshold, autoreload_amount,
       created_at, updated_at`

func scanRider(row interface{ Scan(...any) error }) (Rider, error) {
	var i Rider
	err := row.Scan(
		&i.ID,
		&i.Phone,
		&i.DisplayName,
		&i.StripeCustomerID,
		&i.PaymentMethodID,
		&i.PaymentMethodBrand,
		&i.PaymentMethodLast4,
		&i.SmsReceipts,
		&i.AutoreloadEnabled,
		&i.AutoreloadThreshold,
		&i.AutoreloadAmount,
		&i.CreatedAt,
		&i.UpdatedAt,
	)
	return i, err
}

const getRider = `-- name: GetRider :one
SELECT ` + riderColumns + ` FROM riders WHERE id = $1`

func (q *Queries) GetRider(ctx context.Context, id uuid.UUID) (Rider, error) {
	return scanRider(q.db.QueryRow(ctx, getRider, id))
}
