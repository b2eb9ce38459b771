package store

import (
	"context"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// ClosingRepo persists closings and their statements.
type ClosingRepo struct {
	tx *txm.Manager
}

// NewClosingRepo returns a ClosingRepo.
func NewClosingRepo(tx *txm.Manager) *ClosingRepo { return &ClosingRepo{tx: tx} }

// Get loads a closing.
func (r *ClosingRepo) Get(ctx context.Context, id string) (*domain.Closing, error) {
	return getOne[domain.Closing](ctx, r.tx.Q(ctx), "closing", `SELECT * FROM closings WHERE id = ?`, id)
}

// Transition moves a closing from one status to another and reports
// whether it was in the expected status.
func (r *ClosingRepo) Transition(ctx context.Context, id, from, to string, at time.Time) (bool, error) {
	stampCol := map[string]string{
		domain.ClosingFunded:  "funded_at",
		domain.ClosingSettled: "settled_at",
	}[to]
	q := `UPDATE closings SET status = ? WHERE id = ? AND status = ?`
	args := []any{to, id, from}
	if stampCol != "" {
		q = `UPDATE closings SET status = ?, ` + stampCol + ` = ? WHERE id = ? AND status = ?`
		args = []any{to, at, id, from}
	}
	return affected(r.tx.Q(ctx).ExecContext(ctx, q, args...))
}

// SetWorkflowID records the Temporal workflow driving the closing.
func (r *ClosingRepo) SetWorkflowID(ctx context.Context, id, workflowID string) error {
	_, err := r.tx.Q(ctx).ExecContext(ctx, `UPDATE closings SET workflow_id = ? WHERE id = ?`, workflowID, id)
	return err
}

// InsertStatement stores the settlement statement summary.
func (r *ClosingRepo) InsertStatement(ctx context.Context, st *domain.ClosingStatement) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO closing_statements (closing_id, total_debits_cents, total_credits_cents, line_count, generated_at)
		VALUES (:closing_id, :total_debits_cents, :total_credits_cents, :line_count, :generated_at)`, st)
	return err
}

// LedgerTotals sums debits and credits on the closing's escrow account.
func (r *ClosingRepo) LedgerTotals(ctx context.Context, accountID string) (debits, credits int64, lines int, err error) {
	var row struct {
		Debits  int64 `db:"debits"`
		Credits int64 `db:"credits"`
		Lines   int   `db:"lines"`
	}
	err = r.tx.Q(ctx).GetContext(ctx, &row, `
		SELECT COALESCE(SUM(CASE WHEN amount_cents < 0 THEN -amount_cents ELSE 0 END), 0) AS debits,
		       COALESCE(SUM(CASE WHEN amount_cents > 0 THEN amount_cents ELSE 0 END), 0)  AS credits,
		       COUNT(*) AS lines
		  FROM escrow_ledger WHERE account_id = ?`, accountID)
	return row.Debits, row.Credits, row.Lines, err
}
