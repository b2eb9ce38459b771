package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/rs/xid"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

type fineRepo struct{ db *sql.DB }

// NewFineRepository returns the Postgres fine repository.
func NewFineRepository(db *sql.DB) FineRepository { return &fineRepo{db: db} }

const fineColumns = `id, patron_id, loan_id, kind, amount_cents, assessed_on, status,
	COALESCE(payment_id, ''), created_at`

func scanFine(row interface{ Scan(...any) error }) (domain.Fine, error) {
	var (
		f            domain.Fine
		kind, status string
	)
	err := row.Scan(&f.ID, &f.PatronID, &f.LoanID, &kind, &f.AmountCents, &f.AssessedOn,
		&status, &f.PaymentID, &f.CreatedAt)
	f.Kind, f.Status = domain.FineKind(kind), domain.FineStatus(status)
	return f, err
}

// InsertOverdue writes one day's overdue charge for a loan. Fine ids are
// xids so they sort by creation in the staff console.
func (r *fineRepo) InsertOverdue(ctx context.Context, tx *sql.Tx, f domain.Fine) (domain.Fine, error) {
	f.ID = "fin_" + xid.New().String()
	f.Kind = domain.FineOverdue
	f.Status = domain.FineOpen
	err := tx.QueryRowContext(ctx, `
		INSERT INTO fines (id, patron_id, loan_id, kind, amount_cents, assessed_on, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		RETURNING created_at`,
		f.ID, f.PatronID, f.LoanID, string(f.Kind), f.AmountCents, f.AssessedOn, string(f.Status)).
		Scan(&f.CreatedAt)
	if err != nil {
		return f, fmt.Errorf("insert overdue fine: %w", err)
	}
	return f, nil
}

// InsertLost bills the replacement cost of a loan. The partial unique index
// on (loan_id) WHERE kind = 'lost' keeps it to one bill per loan.
func (r *fineRepo) InsertLost(ctx context.Context, tx *sql.Tx, f domain.Fine) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO fines (id, patron_id, loan_id, kind, amount_cents, assessed_on, status)
		VALUES ($1, $2, $3, 'lost', $4, $5, 'open')
		ON CONFLICT (loan_id) WHERE kind = 'lost' DO NOTHING`,
		f.ID, f.PatronID, f.LoanID, f.AmountCents, f.AssessedOn)
	if err != nil {
		return false, fmt.Errorf("insert lost fine: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// OverdueTotal sums the overdue charges already on a loan, for the cap.
func (r *fineRepo) OverdueTotal(ctx context.Context, loanID string) (int64, error) {
	var total int64
	err := r.db.QueryRowContext(ctx, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM fines
		 WHERE loan_id = $1 AND kind = 'overdue' AND status <> 'waived'`, loanID).Scan(&total)
	return total, err
}

func (r *fineRepo) ListOpen(ctx context.Context, patronID string) ([]domain.Fine, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT `+fineColumns+` FROM fines
		 WHERE patron_id = $1 AND status = 'open'
		 ORDER BY created_at`, patronID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Fine
	for rows.Next() {
		f, err := scanFine(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

func (r *fineRepo) Get(ctx context.Context, id string) (domain.Fine, error) {
	f, err := scanFine(r.db.QueryRowContext(ctx, `SELECT `+fineColumns+` FROM fines WHERE id = $1`, id))
	if err != nil {
		return f, notFound(err, "fine "+id)
	}
	return f, nil
}

const markPaidSQL = `
	UPDATE fines SET status = 'paid', payment_id = $2
	 WHERE id = ANY($1) AND status = 'open'`

// MarkPaid settles the given fines against a payment.
func (r *fineRepo) MarkPaid(ctx context.Context, fineIDs []string, paymentID string) (int64, error) {
	return markPaid(ctx, r.db, fineIDs, paymentID)
}

// MarkPaidTx is MarkPaid inside the caller's transaction.
func (r *fineRepo) MarkPaidTx(ctx context.Context, tx *sql.Tx, fineIDs []string, paymentID string) (int64, error) {
	return markPaid(ctx, tx, fineIDs, paymentID)
}

func markPaid(ctx context.Context, q DBTX, fineIDs []string, paymentID string) (int64, error) {
	res, err := q.ExecContext(ctx, markPaidSQL, fineIDs, paymentID)
	if err != nil {
		return 0, fmt.Errorf("mark fines paid: %w", err)
	}
	return res.RowsAffected()
}

// Waive clears an open fine. waived is false if the fine was not open.
func (r *fineRepo) Waive(ctx context.Context, tx *sql.Tx, id string) (domain.Fine, bool, error) {
	f, err := scanFine(tx.QueryRowContext(ctx, `
		UPDATE fines SET status = 'waived'
		 WHERE id = $1 AND status = 'open'
		RETURNING `+fineColumns, id))
	if err == nil {
		return f, true, nil
	}
	if err != sql.ErrNoRows {
		return f, false, err
	}
	f, err = scanFine(tx.QueryRowContext(ctx, `SELECT `+fineColumns+` FROM fines WHERE id = $1`, id))
	if err != nil {
		return f, false, notFound(err, "fine "+id)
	}
	return f, false, nil
}

// ReopenForPayment puts the fines of a charged-back payment back to open.
func (r *fineRepo) ReopenForPayment(ctx context.Context, tx *sql.Tx, paymentID string) (int64, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE fines SET status = 'open', payment_id = NULL
		 WHERE payment_id = $1 AND status = 'paid'`, paymentID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r *fineRepo) MarkRefunded(ctx context.Context, fineID string) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE fines SET status = 'refunded' WHERE id = $1 AND status IN ('paid', 'waived')`, fineID)
	return err
}

func (r *fineRepo) AddEvent(ctx context.Context, tx *sql.Tx, ev domain.FineEvent) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO fine_events (fine_id, action, staff_id, note, created_at)
		VALUES ($1, $2, $3, $4, $5)`,
		ev.FineID, ev.Action, nullString(ev.StaffID), nullString(ev.Note), ev.CreatedAt)
	return err
}

type loanRepo struct{ db *sql.DB }

// NewLoanRepository returns the Postgres physical loan repository.
func NewLoanRepository(db *sql.DB) LoanRepository { return &loanRepo{db: db} }

func (r *loanRepo) list(ctx context.Context, query string, arg time.Time) ([]domain.Loan, error) {
	rows, err := r.db.QueryContext(ctx, query, arg)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Loan
	for rows.Next() {
		var l domain.Loan
		if err := rows.Scan(&l.ID, &l.ItemID, &l.PatronID, &l.DueAt, &l.ReplacementCents); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

func (r *loanRepo) ListOverdue(ctx context.Context, asOf time.Time) ([]domain.Loan, error) {
	return r.list(ctx, `
		SELECT l.id, l.item_id, l.patron_id, l.due_at, l.replacement_cents
		  FROM loans l
		 WHERE l.returned_at IS NULL AND l.due_at < $1
		   AND NOT EXISTS (SELECT 1 FROM fines f WHERE f.loan_id = l.id AND f.kind = 'lost')
		 ORDER BY l.id`, asOf)
}

// ListLongOverdue returns open loans that were due before dueBefore.
func (r *loanRepo) ListLongOverdue(ctx context.Context, dueBefore time.Time) ([]domain.Loan, error) {
	return r.list(ctx, `
		SELECT id, item_id, patron_id, due_at, replacement_cents
		  FROM loans WHERE returned_at IS NULL AND due_at < $1 ORDER BY id`, dueBefore)
}
