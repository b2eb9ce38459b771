package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/domain"
)

// DepositRepo stores security deposits and their captures.
type DepositRepo interface {
	EnsureForBooking(ctx context.Context, d domain.Deposit) (domain.Deposit, error)
	Get(ctx context.Context, id string) (domain.Deposit, error)
	GetByBooking(ctx context.Context, bookingID string) (domain.Deposit, error)
	GetByPaymentIntent(ctx context.Context, piID string) (domain.Deposit, error)
	MarkAuthorized(ctx context.Context, id, paymentIntentID string) (bool, error)
	SetStatus(ctx context.Context, id, from, to string) (bool, error)
	AddCaptured(ctx context.Context, id string, amount int64) error

	ClaimCapture(ctx context.Context, c domain.DepositCapture) (domain.DepositCapture, error)
	CompleteCapture(ctx context.Context, id, stripeRef string) (bool, error)
}

type depositRepo struct{ q sqlx.ExtContext }

// EnsureForBooking inserts the deposit row for a booking unless one exists
// and returns the stored row.
func (r *depositRepo) EnsureForBooking(ctx context.Context, d domain.Deposit) (domain.Deposit, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT IGNORE INTO deposits (id, booking_id, amount_cents, captured_cents, currency, status,
		                             created_at, updated_at)
		VALUES (:id, :booking_id, :amount_cents, 0, :currency, :status, :created_at, :updated_at)`, d)
	if err != nil {
		return domain.Deposit{}, fmt.Errorf("ensure deposit: %w", err)
	}
	return r.GetByBooking(ctx, d.BookingID)
}

func (r *depositRepo) Get(ctx context.Context, id string) (domain.Deposit, error) {
	return getOne[domain.Deposit](ctx, r.q, `SELECT * FROM deposits WHERE id = ?`, id)
}

func (r *depositRepo) GetByBooking(ctx context.Context, bookingID string) (domain.Deposit, error) {
	return getOne[domain.Deposit](ctx, r.q, `SELECT * FROM deposits WHERE booking_id = ?`, bookingID)
}

func (r *depositRepo) GetByPaymentIntent(ctx context.Context, piID string) (domain.Deposit, error) {
	return getOne[domain.Deposit](ctx, r.q, `SELECT * FROM deposits WHERE payment_intent_id = ?`, piID)
}

func (r *depositRepo) MarkAuthorized(ctx context.Context, id, paymentIntentID string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE deposits SET status = ?, payment_intent_id = ?, updated_at = UTC_TIMESTAMP(6)
		WHERE id = ? AND status = ?`,
		domain.DepositAuthorized, paymentIntentID, id, domain.DepositPending)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *depositRepo) SetStatus(ctx context.Context, id, from, to string) (bool, error) {
	res, err := r.q.ExecContext(ctx,
		`UPDATE deposits SET status = ?, updated_at = UTC_TIMESTAMP(6) WHERE id = ? AND status = ?`,
		to, id, from)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *depositRepo) AddCaptured(ctx context.Context, id string, amount int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE deposits SET captured_cents = captured_cents + ?, status = ?, updated_at = UTC_TIMESTAMP(6)
		WHERE id = ?`, amount, domain.DepositCaptured, id)
	return err
}

// ClaimCapture records the intent to capture part of a deposit for a claim.
// A (deposit, claim) pair has at most one capture; the stored row is
// returned whether or not this call created it.
func (r *depositRepo) ClaimCapture(ctx context.Context, c domain.DepositCapture) (domain.DepositCapture, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO deposit_captures (id, deposit_id, claim_id, amount_cents, status, created_at)
		VALUES (:id, :deposit_id, :claim_id, :amount_cents, :status, :created_at)
		ON DUPLICATE KEY UPDATE id = id`, c)
	if err != nil {
		return domain.DepositCapture{}, fmt.Errorf("claim capture: %w", err)
	}
	return getOne[domain.DepositCapture](ctx, r.q,
		`SELECT * FROM deposit_captures WHERE deposit_id = ? AND claim_id = ?`, c.DepositID, c.ClaimID)
}

func (r *depositRepo) CompleteCapture(ctx context.Context, id, stripeRef string) (bool, error) {
	res, err := r.q.ExecContext(ctx,
		`UPDATE deposit_captures SET status = 'succeeded', stripe_ref = ? WHERE id = ? AND status = 'pending'`,
		stripeRef, id)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// ClaimRepo stores damage claims and their review assignments.
type ClaimRepo interface {
	InsertIfAbsent(ctx context.Context, c domain.Claim) (domain.Claim, bool, error)
	Get(ctx context.Context, id string) (domain.Claim, error)
	GetByBooking(ctx context.Context, bookingID string) (domain.Claim, error)
	Resolve(ctx context.Context, id string, awarded int64, note string) (bool, error)
	AssignReview(ctx context.Context, rv domain.ClaimReview) (bool, error)
}

type claimRepo struct{ q sqlx.ExtContext }

// InsertIfAbsent inserts the claim unless the booking already has one and
// returns the stored claim and whether it was created now.
func (r *claimRepo) InsertIfAbsent(ctx context.Context, c domain.Claim) (domain.Claim, bool, error) {
	res, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO claims (id, booking_id, filed_by, amount_cents, description, status,
		                    awarded_cents, created_at)
		VALUES (:id, :booking_id, :filed_by, :amount_cents, :description, :status, 0, :created_at)
		ON DUPLICATE KEY UPDATE id = id`, c)
	if err != nil {
		return domain.Claim{}, false, fmt.Errorf("insert claim: %w", err)
	}
	n, err := affected(res)
	if err != nil {
		return domain.Claim{}, false, err
	}
	stored, err := getOne[domain.Claim](ctx, r.q, `SELECT * FROM claims WHERE booking_id = ?`, c.BookingID)
	return stored, n == 1, err
}

func (r *claimRepo) Get(ctx context.Context, id string) (domain.Claim, error) {
	return getOne[domain.Claim](ctx, r.q, `SELECT * FROM claims WHERE id = ?`, id)
}

func (r *claimRepo) GetByBooking(ctx context.Context, bookingID string) (domain.Claim, error) {
	return getOne[domain.Claim](ctx, r.q, `SELECT * FROM claims WHERE booking_id = ?`, bookingID)
}

func (r *claimRepo) Resolve(ctx context.Context, id string, awarded int64, note string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE claims
		SET status = ?, awarded_cents = ?, resolution_note = ?, resolved_at = UTC_TIMESTAMP(6)
		WHERE id = ? AND status IN (?, ?)`,
		domain.ClaimResolved, awarded, note, id, domain.ClaimOpen, domain.ClaimUnderReview)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// AssignReview records a review assignment keyed by its own ID and moves an
// open claim to under_review. It reports whether the review row is new.
func (r *claimRepo) AssignReview(ctx context.Context, rv domain.ClaimReview) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT IGNORE INTO claim_reviews (id, claim_id, reviewer_id, due_at, created_at)
		VALUES (:id, :claim_id, :reviewer_id, :due_at, :created_at)`, rv)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	if err != nil || n == 0 {
		return false, err
	}
	_, err = r.q.ExecContext(ctx,
		`UPDATE claims SET status = ?, reviewer_id = ? WHERE id = ? AND status = ?`,
		domain.ClaimUnderReview, rv.ReviewerID, rv.ClaimID, domain.ClaimOpen)
	return true, err
}

// LedgerRepo appends money movements.
type LedgerRepo interface {
	Append(ctx context.Context, e domain.LedgerEntry) error
}

type ledgerRepo struct{ q sqlx.ExtContext }

func (r *ledgerRepo) Append(ctx context.Context, e domain.LedgerEntry) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO ledger_entries (id, booking_id, account, kind, amount_cents, currency, reference, created_at)
		VALUES (:id, :booking_id, :account, :kind, :amount_cents, :currency, :reference, :created_at)`, e)
	if err != nil {
		return fmt.Errorf("append ledger entry: %w", err)
	}
	return nil
}

// RefundRepo stores refunds issued to renters.
type RefundRepo interface {
	Insert(ctx context.Context, rf domain.Refund) error
}

type refundRepo struct{ q sqlx.ExtContext }

func (r *refundRepo) Insert(ctx context.Context, rf domain.Refund) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO refunds (id, booking_id, amount_cents, currency, stripe_refund_id, reason, created_at)
		VALUES (:id, :booking_id, :amount_cents, :currency, :stripe_refund_id, :reason, :created_at)`, rf)
	return err
}

// PayoutRepo stores owner payouts.
type PayoutRepo interface {
	EnsureForBooking(ctx context.Context, p domain.Payout) (domain.Payout, error)
	Get(ctx context.Context, id string) (domain.Payout, error)
	SetStatus(ctx context.Context, id, from, to string) (bool, error)
	MarkPaid(ctx context.Context, id, transferID string) error
}

type payoutRepo struct{ q sqlx.ExtContext }

func (r *payoutRepo) EnsureForBooking(ctx context.Context, p domain.Payout) (domain.Payout, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT IGNORE INTO payouts (id, booking_id, owner_id, amount_cents, currency, status, created_at, updated_at)
		VALUES (:id, :booking_id, :owner_id, :amount_cents, :currency, :status, :created_at, :updated_at)`, p)
	if err != nil {
		return domain.Payout{}, fmt.Errorf("ensure payout: %w", err)
	}
	return getOne[domain.Payout](ctx, r.q, `SELECT * FROM payouts WHERE booking_id = ?`, p.BookingID)
}

func (r *payoutRepo) Get(ctx context.Context, id string) (domain.Payout, error) {
	return getOne[domain.Payout](ctx, r.q, `SELECT * FROM payouts WHERE id = ?`, id)
}

func (r *payoutRepo) SetStatus(ctx context.Context, id, from, to string) (bool, error) {
	res, err := r.q.ExecContext(ctx,
		`UPDATE payouts SET status = ?, updated_at = UTC_TIMESTAMP(6) WHERE id = ? AND status = ?`, to, id, from)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *payoutRepo) MarkPaid(ctx context.Context, id, transferID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE payouts SET status = ?, stripe_transfer_id = ?, updated_at = UTC_TIMESTAMP(6)
		WHERE id = ?`, domain.PayoutPaid, transferID, id)
	return err
}
