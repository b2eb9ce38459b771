package store

import (
	"context"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/domain"
)

type FosterRepo struct{ q DBTX }

func (r *FosterRepo) GetCarer(ctx context.Context, id string) (domain.FosterCarer, error) {
	var c domain.FosterCarer
	err := r.q.GetContext(ctx, &c, `SELECT * FROM foster_carers WHERE id = $1`, id)
	return c, notFound(err)
}

func (r *FosterRepo) GetPlacement(ctx context.Context, id string) (domain.Placement, error) {
	var p domain.Placement
	err := r.q.GetContext(ctx, &p, `SELECT * FROM placements WHERE id = $1`, id)
	return p, notFound(err)
}

// EndPlacement closes an open placement. Returns false if it was already
// closed.
func (r *FosterRepo) EndPlacement(ctx context.Context, id, reason string, at time.Time) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE placements SET ended_at = $2, end_reason = $3
		WHERE id = $1 AND ended_at IS NULL`, id, at, reason)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// AddBalance adds delta (which may be negative) to the carer's running
// balance.
func (r *FosterRepo) AddBalance(ctx context.Context, fosterID string, delta int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE foster_carers SET balance_cents = balance_cents + $2 WHERE id = $1`, fosterID, delta)
	return err
}

func (r *FosterRepo) InsertAdjustment(ctx context.Context, a domain.FosterAdjustment) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO foster_adjustments (id, foster_id, amount_cents, reason, created_by, created_at)
		VALUES (:id, :foster_id, :amount_cents, :reason, :created_by, :created_at)`, a)
	return err
}

// StipendLine is one carer's accrued stipend for a period.
type StipendLine struct {
	FosterID    string `db:"foster_id"`
	AmountCents int64  `db:"amount_cents"`
}

// AccruedForPeriod sums placement-days × daily rate for each active carer
// over [from, to).
func (r *FosterRepo) AccruedForPeriod(ctx context.Context, from, to time.Time) ([]StipendLine, error) {
	var lines []StipendLine
	err := r.q.SelectContext(ctx, &lines, `
		SELECT p.foster_id,
		       SUM(p.daily_rate_cents *
		           GREATEST(0, DATE_PART('day',
		               LEAST(COALESCE(p.ended_at, $2), $2) - GREATEST(p.started_at, $1))))::BIGINT AS amount_cents
		FROM placements p
		JOIN foster_carers c ON c.id = p.foster_id AND c.active
		WHERE p.started_at < $2 AND (p.ended_at IS NULL OR p.ended_at > $1)
		GROUP BY p.foster_id
		HAVING SUM(p.daily_rate_cents) > 0
		ORDER BY p.foster_id`, from, to)
	return lines, err
}

type StipendRepo struct{ q DBTX }

// OpenRun returns the run for a period, creating it on first use.
func (r *StipendRepo) OpenRun(ctx context.Context, id, period string, at time.Time) (string, error) {
	var runID string
	err := r.q.GetContext(ctx, &runID, `
		INSERT INTO stipend_runs (id, period, opened_at)
		VALUES ($1, $2, $3)
		ON CONFLICT (period) DO UPDATE SET period = EXCLUDED.period
		RETURNING id`, id, period, at)
	return runID, err
}

func (r *StipendRepo) CloseRun(ctx context.Context, runID string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE stipend_runs SET closed_at = $2 WHERE id = $1 AND closed_at IS NULL`, runID, at)
	return err
}

// InsertBatch writes the period's stipends in one statement.
func (r *StipendRepo) InsertBatch(ctx context.Context, stipends []domain.Stipend) error {
	if len(stipends) == 0 {
		return nil
	}
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO stipends (id, run_id, foster_id, period, amount_cents, status)
		VALUES (:id, :run_id, :foster_id, :period, :amount_cents, :status)`, stipends)
	return err
}

func (r *StipendRepo) Get(ctx context.Context, id string) (domain.Stipend, error) {
	var s domain.Stipend
	err := r.q.GetContext(ctx, &s, `SELECT * FROM stipends WHERE id = $1`, id)
	return s, notFound(err)
}

func (r *StipendRepo) PendingIDs(ctx context.Context, runID string) ([]string, error) {
	var ids []string
	err := r.q.SelectContext(ctx, &ids, `
		SELECT id FROM stipends WHERE run_id = $1 AND status = 'pending' ORDER BY foster_id`, runID)
	return ids, err
}

func (r *StipendRepo) MarkPaid(ctx context.Context, id, payoutRef string, at time.Time) error {
	res, err := r.q.ExecContext(ctx, `
		UPDATE stipends SET status = 'paid', payout_ref = $2, paid_at = $3
		WHERE id = $1 AND status = 'pending'`, id, payoutRef, at)
	if err != nil {
		return err
	}
	n, err := affected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrInvalidState
	}
	return nil
}

type LedgerRepo struct{ q DBTX }

func (r *LedgerRepo) Append(ctx context.Context, e domain.LedgerEntry) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO foster_ledger (id, foster_id, stipend_id, entry_type, amount_cents, created_at)
		VALUES (:id, :foster_id, :stipend_id, :entry_type, :amount_cents, :created_at)`, e)
	return err
}
