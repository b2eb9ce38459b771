package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/ironvault/pawnline/internal/domain"
)

type LoanRepo struct{ base }

func NewLoanRepo(db *sqlx.DB) *LoanRepo { return &LoanRepo{base{db}} }

const loanColumns = `id, ticket_no, branch_id, customer_id, principal_cents, monthly_rate_bps,
	accrued_interest_cents, term_days, grace_days, issued_at, due_date, status,
	police_report_ref, police_reported_at, forfeit_notice_sent_at, redeemed_at, forfeited_at,
	created_at, updated_at`

// NextTicketNo draws from the chain-wide sequence; the branch prefix makes
// tickets readable at the counter.
func (r *LoanRepo) NextTicketNo(ctx context.Context, branchID string) (string, error) {
	var n int64
	if err := r.q(ctx).GetContext(ctx, &n, `SELECT nextval('pawn_ticket_seq')`); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s-%d", branchID, n), nil
}

func (r *LoanRepo) Insert(ctx context.Context, l domain.Loan) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO loans (id, ticket_no, branch_id, customer_id, principal_cents, monthly_rate_bps,
			accrued_interest_cents, term_days, grace_days, issued_at, due_date, status, created_at, updated_at)
		VALUES (:id, :ticket_no, :branch_id, :customer_id, :principal_cents, :monthly_rate_bps,
			:accrued_interest_cents, :term_days, :grace_days, :issued_at, :due_date, :status, :created_at, :updated_at)`, l)
	return mapErr(err)
}

func (r *LoanRepo) Get(ctx context.Context, id uuid.UUID) (domain.Loan, error) {
	var l domain.Loan
	err := r.q(ctx).GetContext(ctx, &l, `SELECT `+loanColumns+` FROM loans WHERE id = $1`, id)
	return l, mapErr(err)
}

func (r *LoanRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Loan, error) {
	var l domain.Loan
	err := r.q(ctx).GetContext(ctx, &l, `SELECT `+loanColumns+` FROM loans WHERE id = $1 FOR UPDATE`, id)
	return l, mapErr(err)
}

func (r *LoanRepo) ListActiveByCustomer(ctx context.Context, customerID uuid.UUID) ([]domain.Loan, error) {
	var ls []domain.Loan
	err := r.q(ctx).SelectContext(ctx, &ls, `
		SELECT `+loanColumns+` FROM loans
		WHERE customer_id = $1 AND status = 'active'
		ORDER BY due_date`, customerID)
	return ls, mapErr(err)
}

// ListAccruing returns loans that were open on asOf.
func (r *LoanRepo) ListAccruing(ctx context.Context, asOf time.Time) ([]domain.Loan, error) {
	var ls []domain.Loan
	err := r.q(ctx).SelectContext(ctx, &ls, `
		SELECT `+loanColumns+` FROM loans
		WHERE status = 'active' AND issued_at::date <= $1
		ORDER BY id`, asOf)
	return ls, mapErr(err)
}

// Extend moves the due date and clears the interest the renewal paid off.
func (r *LoanRepo) Extend(ctx context.Context, id uuid.UUID, newDue time.Time) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE loans SET due_date = $2, accrued_interest_cents = 0, updated_at = now()
		WHERE id = $1`, id, newDue))
}

func (r *LoanRepo) AddAccrued(ctx context.Context, id uuid.UUID, amount domain.Cents) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE loans SET accrued_interest_cents = accrued_interest_cents + $2, updated_at = now()
		WHERE id = $1 AND status = 'active'`, id, amount))
}

func (r *LoanRepo) ReduceAccrued(ctx context.Context, id uuid.UUID, amount domain.Cents) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE loans SET accrued_interest_cents = accrued_interest_cents - $2, updated_at = now()
		WHERE id = $1 AND accrued_interest_cents >= $2`, id, amount))
}

func (r *LoanRepo) MarkRedeemed(ctx context.Context, id uuid.UUID, at time.Time) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE loans SET status = 'redeemed', redeemed_at = $2, updated_at = now()
		WHERE id = $1 AND status = 'active'`, id, at))
}

func (r *LoanRepo) Reopen(ctx context.Context, id uuid.UUID) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE loans SET status = 'active', redeemed_at = NULL, updated_at = now()
		WHERE id = $1 AND status = 'redeemed'`, id))
}

func (r *LoanRepo) MarkForfeited(ctx context.Context, id uuid.UUID, at time.Time) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE loans SET status = 'forfeited', forfeited_at = $2, updated_at = now()
		WHERE id = $1 AND status = 'active'`, id, at))
}

func (r *LoanRepo) SetPoliceReport(ctx context.Context, id uuid.UUID, ref string, at time.Time) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE loans SET police_report_ref = $2, police_reported_at = $3, updated_at = now()
		WHERE id = $1`, id, ref, at))
}

func (r *LoanRepo) MarkForfeitNoticeSent(ctx context.Context, id uuid.UUID, at time.Time) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE loans SET forfeit_notice_sent_at = $2, updated_at = now()
		WHERE id = $1`, id, at))
}

type ItemRepo struct{ base }

func NewItemRepo(db *sqlx.DB) *ItemRepo { return &ItemRepo{base{db}} }

const itemColumns = `id, loan_id, category, description, brand, model, serial_number,
	appraised_cents, status, created_at`

func (r *ItemRepo) InsertMany(ctx context.Context, items []domain.Item) error {
	if len(items) == 0 {
		return nil
	}
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO items (`+itemColumns+`)
		VALUES (:id, :loan_id, :category, :description, :brand, :model, :serial_number,
			:appraised_cents, :status, :created_at)`, items)
	return mapErr(err)
}

func (r *ItemRepo) Get(ctx context.Context, id uuid.UUID) (domain.Item, error) {
	var it domain.Item
	err := r.q(ctx).GetContext(ctx, &it, `SELECT `+itemColumns+` FROM items WHERE id = $1`, id)
	return it, mapErr(err)
}

func (r *ItemRepo) ListByLoan(ctx context.Context, loanID uuid.UUID) ([]domain.Item, error) {
	var its []domain.Item
	err := r.q(ctx).SelectContext(ctx, &its,
		`SELECT `+itemColumns+` FROM items WHERE loan_id = $1 ORDER BY created_at, id`, loanID)
	return its, mapErr(err)
}

func (r *ItemRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.ItemStatus) error {
	return mustAffect(r.q(ctx).ExecContext(ctx,
		`UPDATE items SET status = $2, updated_at = now() WHERE id = $1`, id, status))
}

func (r *ItemRepo) SetStatusForLoan(ctx context.Context, loanID uuid.UUID, status domain.ItemStatus) error {
	_, err := r.q(ctx).ExecContext(ctx,
		`UPDATE items SET status = $2, updated_at = now() WHERE loan_id = $1`, loanID, status)
	return mapErr(err)
}
