package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type PayoutRepo struct{}

func NewPayoutRepo() *PayoutRepo { return &PayoutRepo{} }

const payoutCols = `id, stylist_id, kind, period_start, amount_cents, fee_cents, status, provider_transfer_id,
	created_at, updated_at`

func (r *PayoutRepo) Insert(ctx context.Context, q ports.Querier, p *domain.Payout) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO payouts (id, stylist_id, kind, period_start, amount_cents, fee_cents, status, provider_transfer_id)
		VALUES (:id, :stylist_id, :kind, :period_start, :amount_cents, :fee_cents, :status, :provider_transfer_id)`, p)
	return err
}

// ClaimWeekly records the weekly payout for (stylist, period) or returns the
// existing one.
func (r *PayoutRepo) ClaimWeekly(ctx context.Context, q ports.Querier, p *domain.Payout) (*domain.Payout, error) {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO payouts (id, stylist_id, kind, period_start, amount_cents, status)
		VALUES (:id, :stylist_id, 'weekly', :period_start, :amount_cents, 'pending')
		ON CONFLICT (stylist_id, period_start) WHERE kind = 'weekly' DO NOTHING`, p)
	if err != nil {
		return nil, err
	}
	return get[domain.Payout](ctx, q, `
		SELECT `+payoutCols+` FROM payouts
		 WHERE stylist_id = $1 AND period_start = $2 AND kind = 'weekly'`, p.StylistID, p.PeriodStart)
}

func (r *PayoutRepo) MarkPaid(ctx context.Context, q ports.Querier, id uuid.UUID, transferID string, fee domain.Cents) error {
	_, err := q.ExecContext(ctx, `
		UPDATE payouts SET status = 'paid', provider_transfer_id = $2, fee_cents = $3, updated_at = now()
		 WHERE id = $1`, id, transferID, fee)
	return err
}

func (r *PayoutRepo) MarkFailed(ctx context.Context, q ports.Querier, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `UPDATE payouts SET status = 'failed', updated_at = now() WHERE id = $1`, id)
	return err
}

func (r *PayoutRepo) UnpaidCommission(ctx context.Context, q ports.Querier, stylistID uuid.UUID, before time.Time) (domain.Cents, error) {
	var total domain.Cents
	err := q.GetContext(ctx, &total, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM commission_entries
		 WHERE stylist_id = $1 AND payout_id IS NULL AND created_at < $2`, stylistID, before)
	return total, err
}

func (r *PayoutRepo) AttachCommission(ctx context.Context, q ports.Querier, stylistID, payoutID uuid.UUID, before time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE commission_entries SET payout_id = $2
		 WHERE stylist_id = $1 AND payout_id IS NULL AND created_at < $3`, stylistID, payoutID, before)
	return err
}

func (r *PayoutRepo) InsertCommission(ctx context.Context, q ports.Querier, e *domain.CommissionEntry) (bool, error) {
	res, err := sqlxNamedExec(ctx, q, `
		INSERT INTO commission_entries (appointment_id, stylist_id, amount_cents)
		VALUES (:appointment_id, :stylist_id, :amount_cents)
		ON CONFLICT (appointment_id) DO NOTHING`, e)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *PayoutRepo) Balance(ctx context.Context, q ports.Querier, stylistID uuid.UUID) (*domain.StylistBalance, error) {
	b, err := get[domain.StylistBalance](ctx, q, `
		SELECT stylist_id, pending_cents, available_cents, updated_at
		  FROM stylist_balances WHERE stylist_id = $1`, stylistID)
	if err == domain.ErrNotFound {
		return &domain.StylistBalance{StylistID: stylistID}, nil
	}
	return b, err
}

func (r *PayoutRepo) AddPending(ctx context.Context, q ports.Querier, stylistID uuid.UUID, amount domain.Cents) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO stylist_balances (stylist_id, pending_cents) VALUES ($1, $2)
		ON CONFLICT (stylist_id) DO UPDATE
		   SET pending_cents = stylist_balances.pending_cents + EXCLUDED.pending_cents, updated_at = now()`,
		stylistID, amount)
	return err
}
