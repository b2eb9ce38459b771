package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/driftline-services/snowplow/internal/db"
	"github.com/driftline-services/snowplow/internal/domain"
)

// Payouts persists subcontractor payouts and their attempt log.
type Payouts struct {
	db.Repo[domain.Payout]
}

// NewPayouts returns a payout repository.
func NewPayouts(pool *pgxpool.Pool) *Payouts {
	return &Payouts{Repo: db.NewRepo[domain.Payout](pool)}
}

const payoutCols = `id, assignment_id, subcontractor_id, amount_cents, currency, status,
	provider_payout_id, failure_reason, requeue_count, created_at, updated_at`

// Create stores a queued payout.
func (r *Payouts) Create(ctx context.Context, p domain.Payout) error {
	_, err := r.Exec(ctx, `
		INSERT INTO payouts (id, assignment_id, subcontractor_id, amount_cents, currency, status)
		VALUES ($1, $2, $3, $4, $5, 'queued')`,
		p.ID, p.AssignmentID, p.SubcontractorID, p.AmountCents, p.Currency)
	return err
}

// Get loads a payout.
func (r *Payouts) Get(ctx context.Context, id uuid.UUID) (domain.Payout, error) {
	p, err := r.One(ctx, `SELECT `+payoutCols+` FROM payouts WHERE id = $1`, id)
	return p, notFound(err)
}

// ByProviderID loads a payout by the partner's transfer ID.
func (r *Payouts) ByProviderID(ctx context.Context, providerID string) (domain.Payout, error) {
	p, err := r.One(ctx, `SELECT `+payoutCols+` FROM payouts WHERE provider_payout_id = $1`, providerID)
	return p, notFound(err)
}

// MarkSent records the partner's transfer ID on a queued payout.
func (r *Payouts) MarkSent(ctx context.Context, id uuid.UUID, providerID string) (bool, error) {
	n, err := r.Exec(ctx, `
		UPDATE payouts SET status = 'sent', provider_payout_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'queued'`, id, providerID)
	return n == 1, err
}

// MarkPaid settles a sent payout.
func (r *Payouts) MarkPaid(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := r.Exec(ctx, `
		UPDATE payouts SET status = 'paid', updated_at = now()
		WHERE id = $1 AND status IN ('queued', 'sent')`, id)
	return n == 1, err
}

// MarkFailed fails a payout that has not settled.
func (r *Payouts) MarkFailed(ctx context.Context, id uuid.UUID, reason string) (bool, error) {
	n, err := r.Exec(ctx, `
		UPDATE payouts SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('queued', 'sent')`, id, reason)
	return n == 1, err
}

// Requeue moves a failed payout back to queued and returns its new requeue
// count. ok is false when the payout was not failed.
func (r *Payouts) Requeue(ctx context.Context, id uuid.UUID) (round int, ok bool, err error) {
	p, ok, err := r.Maybe(ctx, `
		UPDATE payouts
		   SET status = 'queued', requeue_count = requeue_count + 1,
		       provider_payout_id = NULL, failure_reason = NULL, updated_at = now()
		 WHERE id = $1 AND status = 'failed'
		RETURNING `+payoutCols, id)
	return p.RequeueCount, ok, err
}

// StaleQueued lists payouts that have sat in queued longer than age.
func (r *Payouts) StaleQueued(ctx context.Context, age time.Duration, limit int) ([]domain.Payout, error) {
	return r.Many(ctx, `
		SELECT `+payoutCols+` FROM payouts
		WHERE status = 'queued' AND updated_at < now() - make_interval(secs => $1)
		ORDER BY updated_at
		LIMIT $2`, age.Seconds(), limit)
}

// RecordAttempt appends to the payout attempt log.
func (r *Payouts) RecordAttempt(ctx context.Context, payoutID uuid.UUID, attempt int, startedAt time.Time, errText string) error {
	var e *string
	if errText != "" {
		e = &errText
	}
	_, err := r.Exec(ctx, `
		INSERT INTO payout_attempts (id, payout_id, attempt, started_at, error)
		VALUES ($1, $2, $3, $4, $5)`,
		uuid.New(), payoutID, attempt, startedAt, e)
	return err
}

// ClaimBankEvent records a webhook event ID. It reports false when the event
// was already recorded.
func (r *Payouts) ClaimBankEvent(ctx context.Context, eventID string, payoutID uuid.UUID, typ string) (bool, error) {
	n, err := r.Exec(ctx, `
		INSERT INTO bank_events (event_id, payout_id, type)
		VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, payoutID, typ)
	return n == 1, err
}

// Ledger persists subcontractor ledger entries and running balances.
type Ledger struct {
	db.Repo[domain.LedgerEntry]
}

// NewLedger returns a ledger repository.
func NewLedger(pool *pgxpool.Pool) *Ledger {
	return &Ledger{Repo: db.NewRepo[domain.LedgerEntry](pool)}
}

// Append adds an entry and moves the subcontractor's balance by its amount.
// Both statements run on the caller's transaction.
func (r *Ledger) Append(ctx context.Context, e domain.LedgerEntry) (int64, error) {
	if _, err := r.Exec(ctx, `
		INSERT INTO ledger_entries (id, subcontractor_id, kind, amount_cents, memo, created_by)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		e.ID, e.SubcontractorID, e.Kind, e.AmountCents, e.Memo, e.CreatedBy); err != nil {
		return 0, err
	}
	var bal int64
	err := r.Conn(ctx).QueryRow(ctx, `
		INSERT INTO subcontractor_balances (subcontractor_id, balance_cents)
		VALUES ($1, $2)
		ON CONFLICT (subcontractor_id) DO UPDATE
		   SET balance_cents = subcontractor_balances.balance_cents + EXCLUDED.balance_cents,
		       updated_at = now()
		RETURNING balance_cents`, e.SubcontractorID, e.AmountCents).Scan(&bal)
	return bal, err
}
