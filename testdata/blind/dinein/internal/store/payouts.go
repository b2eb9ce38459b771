package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// LedgerRepository records movements on restaurant balances.
type LedgerRepository interface {
	Append(ctx context.Context, q Querier, e *LedgerEntry) error
	// RecordSale appends the sale entry for an order once.
	RecordSale(ctx context.Context, q Querier, e *LedgerEntry) (bool, error)
	UnpaidTotal(ctx context.Context, q Querier, restaurantID uuid.UUID, before time.Time) (int64, error)
	AttachToPayout(ctx context.Context, q Querier, restaurantID, payoutID uuid.UUID, before time.Time) (int64, error)
	RestaurantsWithUnpaid(ctx context.Context, q Querier, before time.Time) ([]uuid.UUID, error)
}

// PayoutRepository persists weekly restaurant payouts.
type PayoutRepository interface {
	// Open returns the payout for (restaurant, period), creating it if absent.
	Open(ctx context.Context, q Querier, p *Payout) (*Payout, error)
	MarkPaid(ctx context.Context, q Querier, id uuid.UUID, transferID string) error
	MarkFailed(ctx context.Context, q Querier, id uuid.UUID) error
}

type pgLedger struct{}

// NewLedgerRepository returns the Postgres restaurant ledger.
func NewLedgerRepository() *pgLedger { return &pgLedger{} }

func (r *pgLedger) Append(ctx context.Context, q Querier, e *LedgerEntry) error {
	_, err := q.Exec(ctx, `
		INSERT INTO restaurant_ledger (id, restaurant_id, order_id, entry_type, amount_cents)
		VALUES ($1, $2, $3, $4, $5)`, e.ID, e.RestaurantID, e.OrderID, e.EntryType, e.AmountCents)
	return mapErr(err)
}

func (r *pgLedger) RecordSale(ctx context.Context, q Querier, e *LedgerEntry) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO restaurant_ledger (id, restaurant_id, order_id, entry_type, amount_cents)
		VALUES ($1, $2, $3, 'sale', $4)
		ON CONFLICT (order_id) WHERE entry_type = 'sale' DO NOTHING`,
		e.ID, e.RestaurantID, e.OrderID, e.AmountCents)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgLedger) UnpaidTotal(ctx context.Context, q Querier, restaurantID uuid.UUID, before time.Time) (int64, error) {
	var total int64
	err := q.QueryRow(ctx, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM restaurant_ledger
		WHERE restaurant_id = $1 AND payout_id IS NULL AND created_at < $2`, restaurantID, before).Scan(&total)
	return total, err
}

func (r *pgLedger) AttachToPayout(ctx context.Context, q Querier, restaurantID, payoutID uuid.UUID, before time.Time) (int64, error) {
	tag, err := q.Exec(ctx, `
		UPDATE restaurant_ledger SET payout_id = $2
		WHERE restaurant_id = $1 AND payout_id IS NULL AND created_at < $3`, restaurantID, payoutID, before)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (r *pgLedger) RestaurantsWithUnpaid(ctx context.Context, q Querier, before time.Time) ([]uuid.UUID, error) {
	rows, err := q.Query(ctx, `
		SELECT DISTINCT restaurant_id FROM restaurant_ledger
		WHERE payout_id IS NULL AND created_at < $1`, before)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(row pgx.Row) (uuid.UUID, error) {
		var id uuid.UUID
		return id, row.Scan(&id)
	})
}

type pgPayouts struct{}

// NewPayoutRepository returns the Postgres payout repository.
func NewPayoutRepository() *pgPayouts { return &pgPayouts{} }

func (r *pgPayouts) Open(ctx context.Context, q Querier, p *Payout) (*Payout, error) {
	var out Payout
	err := q.QueryRow(ctx, `
		INSERT INTO payouts (id, restaurant_id, period_start, period_end, amount_cents)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (restaurant_id, period_start) DO UPDATE SET period_end = payouts.period_end
		RETURNING id, restaurant_id, period_start, period_end, amount_cents, status, stripe_transfer_id, paid_at`,
		p.ID, p.RestaurantID, p.PeriodStart, p.PeriodEnd, p.AmountCents).
		Scan(&out.ID, &out.RestaurantID, &out.PeriodStart, &out.PeriodEnd, &out.AmountCents,
			&out.Status, &out.StripeTransferID, &out.PaidAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &out, nil
}

func (r *pgPayouts) MarkPaid(ctx context.Context, q Querier, id uuid.UUID, transferID string) error {
	_, err := q.Exec(ctx, `
		UPDATE payouts SET status = 'paid', stripe_transfer_id = $2, paid_at = now()
		WHERE id = $1`, id, transferID)
	return mapErr(err)
}

func (r *pgPayouts) MarkFailed(ctx context.Context, q Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `UPDATE payouts SET status = 'failed' WHERE id = $1 AND status = 'pending'`, id)
	return err
}
