package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// DispatchRepository persists courier booking attempts and courier
// earnings.
type DispatchRepository interface {
	// OpenAttempt returns the dispatch request for (order, attempt),
	// creating it if it does not exist.
	OpenAttempt(ctx context.Context, q Querier, dr *DispatchRequest) (*DispatchRequest, error)
	CurrentAttempt(ctx context.Context, q Querier, orderID uuid.UUID) (int, error)
	MarkBooked(ctx context.Context, q Querier, id uuid.UUID, partnerDeliveryID string, feeCents int64) error
	MarkStatusByDelivery(ctx context.Context, q Querier, partnerDeliveryID, status string) error
	CreditCourier(ctx context.Context, q Querier, courierID string, cents int64) error
}

type pgDispatch struct{}

// NewDispatchRepository returns the Postgres dispatch repository.
func NewDispatchRepository() *pgDispatch { return &pgDispatch{} }

func (r *pgDispatch) OpenAttempt(ctx context.Context, q Querier, dr *DispatchRequest) (*DispatchRequest, error) {
	var out DispatchRequest
	err := q.QueryRow(ctx, `
		INSERT INTO dispatch_requests (id, order_id, attempt)
		VALUES ($1, $2, $3)
		ON CONFLICT (order_id, attempt) DO UPDATE SET updated_at = dispatch_requests.updated_at
		RETURNING id, order_id, attempt, partner_delivery_id, status, quoted_fee_cents`,
		dr.ID, dr.OrderID, dr.Attempt).
		Scan(&out.ID, &out.OrderID, &out.Attempt, &out.PartnerDeliveryID, &out.Status, &out.QuotedFeeCents)
	if err != nil {
		return nil, mapErr(err)
	}
	return &out, nil
}

func (r *pgDispatch) CurrentAttempt(ctx context.Context, q Querier, orderID uuid.UUID) (int, error) {
	var n int
	err := q.QueryRow(ctx,
		`SELECT COALESCE(MAX(attempt), 0) FROM dispatch_requests WHERE order_id = $1`, orderID).Scan(&n)
	if err == pgx.ErrNoRows {
		return 0, nil
	}
	return n, err
}

func (r *pgDispatch) MarkBooked(ctx context.Context, q Querier, id uuid.UUID, partnerDeliveryID string, feeCents int64) error {
	_, err := q.Exec(ctx, `
		UPDATE dispatch_requests
		SET partner_delivery_id = $2, quoted_fee_cents = $3, status = 'booked', updated_at = now()
		WHERE id = $1`, id, partnerDeliveryID, feeCents)
	return mapErr(err)
}

func (r *pgDispatch) MarkStatusByDelivery(ctx context.Context, q Querier, partnerDeliveryID, status string) error {
	_, err := q.Exec(ctx, `
		UPDATE dispatch_requests SET status = $2, updated_at = now()
		WHERE partner_delivery_id = $1`, partnerDeliveryID, status)
	return err
}

func (r *pgDispatch) CreditCourier(ctx context.Context, q Querier, courierID string, cents int64) error {
	_, err := q.Exec(ctx, `
		INSERT INTO courier_wallets (courier_id, balance_cents, deliveries) VALUES ($1, $2, 1)
		ON CONFLICT (courier_id) DO UPDATE
		SET balance_cents = courier_wallets.balance_cents + EXCLUDED.balance_cents,
		    deliveries = courier_wallets.deliveries + 1,
		    updated_at = now()`, courierID, cents)
	return err
}
