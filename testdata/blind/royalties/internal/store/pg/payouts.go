package pg

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// PayoutRepo implements store.Payouts.
type PayoutRepo struct{ base }

// NewPayoutRepo returns a PayoutRepo.
func NewPayoutRepo(db txm.DBTX) *PayoutRepo { return &PayoutRepo{base{db}} }

var _ store.Payouts = (*PayoutRepo)(nil)

const payoutCols = `id, artist_id, statement_id, parent_payout_id, method, amount_cents, currency,
	stripe_transfer_id, stripe_payout_id, status, failure_code, requested_by, created_at, updated_at`

func scanPayout(row pgx.Row) (domain.Payout, error) {
	var p domain.Payout
	var stmt, parent, tr, po, fc *string
	err := row.Scan(&p.ID, &p.ArtistID, &stmt, &parent, &p.Method, &p.AmountCents, &p.Currency,
		&tr, &po, &p.Status, &fc, &p.RequestedBy, &p.CreatedAt, &p.UpdatedAt)
	p.StatementID, p.ParentPayoutID = deref(stmt), deref(parent)
	p.StripeTransferID, p.StripePayoutID, p.FailureCode = deref(tr), deref(po), deref(fc)
	return p, err
}

func (r *PayoutRepo) insertReturning(ctx context.Context, conflict string, p domain.Payout) (domain.Payout, error) {
	return scanPayout(r.conn(ctx).QueryRow(ctx, `
		INSERT INTO payouts (id, artist_id, statement_id, parent_payout_id, method, amount_cents, currency, status, requested_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		`+conflict+`
		RETURNING `+payoutCols,
		p.ID, p.ArtistID, nullable(p.StatementID), nullable(p.ParentPayoutID), p.Method,
		p.AmountCents, p.Currency, domain.PayoutPending, p.RequestedBy))
}

// EnsureStatementTransfer implements store.Payouts.
func (r *PayoutRepo) EnsureStatementTransfer(ctx context.Context, p domain.Payout) (domain.Payout, error) {
	got, err := r.insertReturning(ctx,
		`ON CONFLICT (statement_id) WHERE method = 'transfer' AND statement_id IS NOT NULL DO NOTHING`, p)
	if err != pgx.ErrNoRows {
		return got, err
	}
	return scanPayout(r.conn(ctx).QueryRow(ctx,
		`SELECT `+payoutCols+` FROM payouts WHERE statement_id = $1 AND method = 'transfer'`, p.StatementID))
}

// EnsureBankPayout implements store.Payouts.
func (r *PayoutRepo) EnsureBankPayout(ctx context.Context, p domain.Payout) (domain.Payout, error) {
	got, err := r.insertReturning(ctx,
		`ON CONFLICT (parent_payout_id) WHERE method = 'bank' AND parent_payout_id IS NOT NULL DO NOTHING`, p)
	if err != pgx.ErrNoRows {
		return got, err
	}
	return scanPayout(r.conn(ctx).QueryRow(ctx,
		`SELECT `+payoutCols+` FROM payouts WHERE parent_payout_id = $1 AND method = 'bank'`, p.ParentPayoutID))
}

// Insert implements store.Payouts.
func (r *PayoutRepo) Insert(ctx context.Context, p domain.Payout) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO payouts (id, artist_id, method, amount_cents, currency, stripe_transfer_id, status, requested_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		p.ID, p.ArtistID, p.Method, p.AmountCents, p.Currency, nullable(p.StripeTransferID), p.Status, p.RequestedBy)
	return err
}

// Get implements store.Payouts.
func (r *PayoutRepo) Get(ctx context.Context, id string) (domain.Payout, error) {
	p, err := scanPayout(r.conn(ctx).QueryRow(ctx, `SELECT `+payoutCols+` FROM payouts WHERE id = $1`, id))
	return p, notFound(err, "payout", id)
}

// GetByStripeTransfer implements store.Payouts.
func (r *PayoutRepo) GetByStripeTransfer(ctx context.Context, transferID string) (domain.Payout, error) {
	p, err := scanPayout(r.conn(ctx).QueryRow(ctx,
		`SELECT `+payoutCols+` FROM payouts WHERE stripe_transfer_id = $1 AND method = 'transfer'`, transferID))
	return p, notFound(err, "payout for transfer", transferID)
}

// GetByStripePayout implements store.Payouts.
func (r *PayoutRepo) GetByStripePayout(ctx context.Context, payoutID string) (domain.Payout, error) {
	p, err := scanPayout(r.conn(ctx).QueryRow(ctx,
		`SELECT `+payoutCols+` FROM payouts WHERE stripe_payout_id = $1`, payoutID))
	return p, notFound(err, "payout for stripe payout", payoutID)
}

// SetStripeTransfer implements store.Payouts.
func (r *PayoutRepo) SetStripeTransfer(ctx context.Context, id, transferID string) error {
	_, err := r.conn(ctx).Exec(ctx, `
		UPDATE payouts SET stripe_transfer_id = $2, status = 'submitted', updated_at = now()
		WHERE id = $1`, id, transferID)
	return err
}

// SetStripePayout implements store.Payouts.
func (r *PayoutRepo) SetStripePayout(ctx context.Context, id, payoutID string) error {
	_, err := r.conn(ctx).Exec(ctx, `
		UPDATE payouts SET stripe_payout_id = $2, status = 'submitted', failure_code = NULL, updated_at = now()
		WHERE id = $1`, id, payoutID)
	return err
}

// Transition implements store.Payouts.
func (r *PayoutRepo) Transition(ctx context.Context, id string, from []string, to, failureCode string) (bool, error) {
	tag, err := r.conn(ctx).Exec(ctx, `
		UPDATE payouts SET status = $3, failure_code = coalesce($4, failure_code), updated_at = now()
		WHERE id = $1 AND status = ANY($2)`, id, from, to, nullable(failureCode))
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// RecordAttempt implements store.Payouts.
func (r *PayoutRepo) RecordAttempt(ctx context.Context, a domain.PayoutAttempt) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO payout_attempts (id, payout_id, outcome, detail) VALUES ($1, $2, $3, $4)`,
		a.ID, a.PayoutID, a.Outcome, a.Detail)
	return err
}
