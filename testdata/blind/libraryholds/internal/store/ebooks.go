package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

type ebookRepo struct{ db *sql.DB }

// NewEbookRepository returns the Postgres e-book repository.
func NewEbookRepository(db *sql.DB) EbookRepository { return &ebookRepo{db: db} }

const ebookLoanColumns = `id, patron_id, title_id, format, status,
	COALESCE(distributor_checkout_id, ''), renewals, expires_at, created_at`

func scanEbookLoan(row interface{ Scan(...any) error }) (domain.EbookLoan, error) {
	var (
		l       domain.EbookLoan
		status  string
		expires sql.NullTime
	)
	err := row.Scan(&l.ID, &l.PatronID, &l.TitleID, &l.Format, &status,
		&l.DistributorCheckoutID, &l.Renewals, &expires, &l.CreatedAt)
	l.Status = domain.EbookLoanStatus(status)
	l.ExpiresAt = timePtr(expires)
	return l, err
}

// ClaimLoan writes a pending loan for (patron, title) unless a live one
// exists, in which case the live loan is returned with claimed=false.
func (r *ebookRepo) ClaimLoan(ctx context.Context, tx *sql.Tx, l domain.EbookLoan) (domain.EbookLoan, bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO ebook_loans (id, patron_id, title_id, format, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (patron_id, title_id) WHERE status IN ('pending', 'active') DO NOTHING`,
		l.ID, l.PatronID, l.TitleID, l.Format)
	if err != nil {
		return l, false, fmt.Errorf("claim ebook loan: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		l.Status = domain.EbookPending
		return l, true, nil
	}
	live, err := scanEbookLoan(tx.QueryRowContext(ctx, `
		SELECT `+ebookLoanColumns+` FROM ebook_loans
		 WHERE patron_id = $1 AND title_id = $2 AND status IN ('pending', 'active')`,
		l.PatronID, l.TitleID))
	if err != nil {
		return l, false, fmt.Errorf("load live ebook loan: %w", err)
	}
	return live, false, nil
}

func (r *ebookRepo) ActivateLoan(ctx context.Context, id, checkoutID string, expiresAt time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE ebook_loans SET status = 'active', distributor_checkout_id = $2, expires_at = $3
		 WHERE id = $1 AND status = 'pending'`, id, checkoutID, expiresAt)
	return err
}

func (r *ebookRepo) FailLoan(ctx context.Context, id, reason string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE ebook_loans SET status = 'failed', failure_reason = $2
		 WHERE id = $1 AND status = 'pending'`, id, reason)
	return err
}

func (r *ebookRepo) GetLoan(ctx context.Context, id string) (domain.EbookLoan, error) {
	l, err := scanEbookLoan(r.db.QueryRowContext(ctx,
		`SELECT `+ebookLoanColumns+` FROM ebook_loans WHERE id = $1`, id))
	if err != nil {
		return l, notFound(err, "ebook loan "+id)
	}
	return l, nil
}

func (r *ebookRepo) RecordRenewal(ctx context.Context, id string, expiresAt time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE ebook_loans SET renewals = renewals + 1, expires_at = $2
		 WHERE id = $1 AND status = 'active'`, id, expiresAt)
	return err
}

func (r *ebookRepo) InsertHold(ctx context.Context, h domain.EbookHold) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO ebook_holds (id, patron_id, title_id, distributor_hold_id, status, created_at)
		VALUES ($1, $2, $3, $4, 'queued', $5)`,
		h.ID, h.PatronID, h.TitleID, h.DistributorHoldID, h.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert ebook hold: %w", err)
	}
	return nil
}

// RecordEvent notes a distributor callback inside the transaction that
// applies it.
func (r *ebookRepo) RecordEvent(ctx context.Context, tx *sql.Tx, eventID, kind string) error {
	_, err := tx.ExecContext(ctx,
		`INSERT INTO distributor_events (event_id, kind) VALUES ($1, $2)`, eventID, kind)
	if err != nil {
		return fmt.Errorf("record distributor event %s: %w", eventID, err)
	}
	return nil
}

func (r *ebookRepo) ExpireByCheckout(ctx context.Context, tx *sql.Tx, checkoutID string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE ebook_loans SET status = 'expired'
		 WHERE distributor_checkout_id = $1 AND status = 'active'`, checkoutID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (r *ebookRepo) MarkHoldAvailable(ctx context.Context, tx *sql.Tx, distributorHoldID string) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE ebook_holds SET status = 'available'
		 WHERE distributor_hold_id = $1 AND status = 'queued'`, distributorHoldID)
	return err
}

// LogCall appends one partner call attempt.
func (r *ebookRepo) LogCall(ctx context.Context, c domain.PartnerCall) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO partner_call_log (id, operation, ref, attempt, status_code, error, called_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		c.ID, c.Operation, nullString(c.Ref), c.Attempt, c.StatusCode, nullString(c.Error), c.CalledAt)
	return err
}
