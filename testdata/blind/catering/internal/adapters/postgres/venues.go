package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type VenueRepo struct{ db *DB }

func NewVenueRepo(db *DB) *VenueRepo { return &VenueRepo{db: db} }

const venueCols = `id, name, COALESCE(stripe_account_id, ''), commission_bps, commission_balance_cents, payouts_enabled`

func scanVenue(row pgx.Row) (domain.Venue, error) {
	var v domain.Venue
	err := row.Scan(&v.ID, &v.Name, &v.StripeAccountID, &v.CommissionBPS, &v.CommissionBalanceCents, &v.PayoutsEnabled)
	return v, err
}

const payoutCols = `id, venue_id, period, amount_cents, currency, status, COALESCE(stripe_transfer_id, ''), paid_at`

func scanPayout(row pgx.Row) (domain.VenuePayout, error) {
	var (
		p      domain.VenuePayout
		status string
	)
	err := row.Scan(&p.ID, &p.VenueID, &p.Period, &p.AmountCents, &p.Currency, &status, &p.StripeTransferID, &p.PaidAt)
	p.Status = domain.PayoutStatus(status)
	return p, err
}

func (r *VenueRepo) Get(ctx context.Context, id uuid.UUID) (domain.Venue, error) {
	v, err := scanVenue(r.db.q(ctx).QueryRow(ctx, `SELECT `+venueCols+` FROM venues WHERE id = $1`, id))
	return v, mapErr(err)
}

func (r *VenueRepo) ListWithBalance(ctx context.Context) ([]domain.Venue, error) {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT `+venueCols+` FROM venues
		 WHERE commission_balance_cents > 0 AND payouts_enabled
		 ORDER BY id`)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, scanVenue)
}

// AccrueCommission records the commission for an event once and credits the
// venue's balance when it was newly recorded.
func (r *VenueRepo) AccrueCommission(ctx context.Context, c domain.Commission) (bool, error) {
	q := r.db.q(ctx)
	tag, err := q.Exec(ctx, `
		INSERT INTO commissions (id, venue_id, event_id, amount_cents, status)
		VALUES ($1, $2, $3, $4, 'accrued')
		ON CONFLICT (event_id) DO NOTHING`,
		c.ID, c.VenueID, c.EventID, c.AmountCents)
	if err != nil {
		return false, mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return false, nil
	}
	_, err = q.Exec(ctx, `
		UPDATE venues SET commission_balance_cents = commission_balance_cents + $2 WHERE id = $1`,
		c.VenueID, c.AmountCents)
	return true, mapErr(err)
}

// AdjustBalance moves a venue's commission balance and keeps an audit row.
func (r *VenueRepo) AdjustBalance(ctx context.Context, venueID, eventID uuid.UUID, cents int64, reason string) error {
	q := r.db.q(ctx)
	if _, err := q.Exec(ctx, `
		INSERT INTO commission_adjustments (id, venue_id, event_id, amount_cents, reason)
		VALUES ($1, $2, $3, $4, $5)`,
		uuid.New(), venueID, eventID, cents, reason); err != nil {
		return mapErr(err)
	}
	_, err := q.Exec(ctx, `
		UPDATE venues SET commission_balance_cents = commission_balance_cents + $2 WHERE id = $1`,
		venueID, cents)
	return mapErr(err)
}

// ClaimPayout reserves the payout for (venue, period) and moves the amount
// out of the venue's balance when newly created.
func (r *VenueRepo) ClaimPayout(ctx context.Context, p domain.VenuePayout) (domain.VenuePayout, bool, error) {
	q := r.db.q(ctx)
	tag, err := q.Exec(ctx, `
		INSERT INTO venue_payouts (id, venue_id, period, amount_cents, currency, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')
		ON CONFLICT (venue_id, period) DO NOTHING`,
		p.ID, p.VenueID, p.Period, p.AmountCents, p.Currency)
	if err != nil {
		return domain.VenuePayout{}, false, mapErr(err)
	}
	created := tag.RowsAffected() == 1
	if created {
		if _, err := q.Exec(ctx, `
			UPDATE venues SET commission_balance_cents = commission_balance_cents - $2 WHERE id = $1`,
			p.VenueID, p.AmountCents); err != nil {
			return domain.VenuePayout{}, false, mapErr(err)
		}
	}
	stored, err := scanPayout(q.QueryRow(ctx, `
		SELECT `+payoutCols+` FROM venue_payouts WHERE venue_id = $1 AND period = $2`, p.VenueID, p.Period))
	return stored, created, mapErr(err)
}

func (r *VenueRepo) GetPayout(ctx context.Context, id uuid.UUID) (domain.VenuePayout, error) {
	p, err := scanPayout(r.db.q(ctx).QueryRow(ctx, `SELECT `+payoutCols+` FROM venue_payouts WHERE id = $1`, id))
	return p, mapErr(err)
}

func (r *VenueRepo) CompletePayout(ctx context.Context, id uuid.UUID, transferID string, at time.Time) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE venue_payouts SET status = 'paid', stripe_transfer_id = $2, paid_at = $3
		 WHERE id = $1`, id, transferID, at)
	return mapErr(err)
}

func (r *VenueRepo) FailPayout(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.q(ctx).Exec(ctx, `UPDATE venue_payouts SET status = 'failed' WHERE id = $1 AND status = 'pending'`, id)
	return mapErr(err)
}
