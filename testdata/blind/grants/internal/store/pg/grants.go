package pg

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/repo"
)

// OrganizationRepo implements repo.Organizations.
type OrganizationRepo struct{ q sqlx.ExtContext }

// NewOrganizationRepo builds the repository.
func NewOrganizationRepo(q sqlx.ExtContext) *OrganizationRepo { return &OrganizationRepo{q: q} }

// Get loads an organisation.
func (r *OrganizationRepo) Get(ctx context.Context, id string) (*domain.Organization, error) {
	var o domain.Organization
	err := sqlx.GetContext(ctx, r.q, &o, `
		SELECT id, name, callback_url, contact_phone, contact_email, bank_account_ref
		  FROM organizations WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

// CycleRepo implements repo.Cycles.
type CycleRepo struct{ q sqlx.ExtContext }

// NewCycleRepo builds the repository.
func NewCycleRepo(q sqlx.ExtContext) *CycleRepo { return &CycleRepo{q: q} }

// Get loads a cycle.
func (r *CycleRepo) Get(ctx context.Context, id string) (*domain.GrantCycle, error) {
	var c domain.GrantCycle
	err := sqlx.GetContext(ctx, r.q, &c, `SELECT id, name, opens_at, closes_at FROM grant_cycles WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// ApplicationRepo implements repo.Applications.
type ApplicationRepo struct{ q sqlx.ExtContext }

// NewApplicationRepo builds the repository.
func NewApplicationRepo(q sqlx.ExtContext) *ApplicationRepo { return &ApplicationRepo{q: q} }

// Insert stores an application. One application per organisation per cycle.
func (r *ApplicationRepo) Insert(ctx context.Context, a domain.Application) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO grant_applications (org_id, cycle_id, requested_cents, summary, status, submitted_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.OrgID, a.CycleID, a.RequestedCents, a.Summary, a.Status, a.SubmittedAt)
	if err != nil {
		return fmt.Errorf("insert application: %w", err)
	}
	return nil
}

const grantColumns = `id, org_id, cycle_id, fund_id, amount_cents, tranches, disbursed_cents,
	settled_cents, returned_cents, status, approved_by, approved_at`

// GrantRepo implements repo.Grants.
type GrantRepo struct{ q sqlx.ExtContext }

// NewGrantRepo builds the repository.
func NewGrantRepo(q sqlx.ExtContext) *GrantRepo { return &GrantRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *GrantRepo) WithTx(tx *sqlx.Tx) repo.Grants { return &GrantRepo{q: tx} }

// Get loads a grant.
func (r *GrantRepo) Get(ctx context.Context, id string) (*domain.Grant, error) {
	var g domain.Grant
	if err := sqlx.GetContext(ctx, r.q, &g, `SELECT `+grantColumns+` FROM grants WHERE id = $1`, id); err != nil {
		return nil, notFound(err)
	}
	return &g, nil
}

// GetForUpdate locks and loads a grant.
func (r *GrantRepo) GetForUpdate(ctx context.Context, id string) (*domain.Grant, error) {
	var g domain.Grant
	if err := sqlx.GetContext(ctx, r.q, &g, `SELECT `+grantColumns+` FROM grants WHERE id = $1 FOR UPDATE`, id); err != nil {
		return nil, notFound(err)
	}
	return &g, nil
}

// Approve records the approval.
func (r *GrantRepo) Approve(ctx context.Context, id, approver string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE grants SET status = 'approved', approved_by = $2, approved_at = $3 WHERE id = $1`,
		id, approver, at)
	return err
}

// SetStatus changes the grant status.
func (r *GrantRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE grants SET status = $2 WHERE id = $1`, id, status)
	return err
}

// AddDisbursed increments the amount sent to the bank.
func (r *GrantRepo) AddDisbursed(ctx context.Context, id string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE grants SET disbursed_cents = disbursed_cents + $2,
		                  status = CASE WHEN disbursed_cents + $2 >= amount_cents THEN 'closed' ELSE 'disbursing' END
		 WHERE id = $1`, id, cents)
	return err
}

// AddSettled increments the amount confirmed settled by the bank.
func (r *GrantRepo) AddSettled(ctx context.Context, id string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `UPDATE grants SET settled_cents = settled_cents + $2 WHERE id = $1`, id, cents)
	return err
}

// AddReturned increments the amount the bank returned.
func (r *GrantRepo) AddReturned(ctx context.Context, id string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `UPDATE grants SET returned_cents = returned_cents + $2 WHERE id = $1`, id, cents)
	return err
}

// FundRepo implements repo.Funds.
type FundRepo struct{ q sqlx.ExtContext }

// NewFundRepo builds the repository.
func NewFundRepo(q sqlx.ExtContext) *FundRepo { return &FundRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *FundRepo) WithTx(tx *sqlx.Tx) repo.Funds { return &FundRepo{q: tx} }

// GetForUpdate locks and loads a fund balance.
func (r *FundRepo) GetForUpdate(ctx context.Context, fundID string) (*domain.FundBalance, error) {
	var f domain.FundBalance
	err := sqlx.GetContext(ctx, r.q, &f, `
		SELECT fund_id, available_cents, reserved_cents FROM fund_balances WHERE fund_id = $1 FOR UPDATE`, fundID)
	if err != nil {
		return nil, notFound(err)
	}
	return &f, nil
}

// FindReservation loads the reservation for a tranche.
func (r *FundRepo) FindReservation(ctx context.Context, grantID string, tranche int) (*domain.Reservation, error) {
	var res domain.Reservation
	err := sqlx.GetContext(ctx, r.q, &res, `
		SELECT id, grant_id, tranche, fund_id, amount_cents, consumed
		  FROM fund_reservations WHERE grant_id = $1 AND tranche = $2`, grantID, tranche)
	if err != nil {
		return nil, notFound(err)
	}
	return &res, nil
}

// InsertReservation stores a reservation.
func (r *FundRepo) InsertReservation(ctx context.Context, res domain.Reservation) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO fund_reservations (id, grant_id, tranche, fund_id, amount_cents)
		VALUES (:id, :grant_id, :tranche, :fund_id, :amount_cents)`, res)
	return err
}

// MoveToReserved moves money from available to reserved.
func (r *FundRepo) MoveToReserved(ctx context.Context, fundID string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE fund_balances
		   SET available_cents = available_cents - $2, reserved_cents = reserved_cents + $2
		 WHERE fund_id = $1`, fundID, cents)
	return err
}

// ConsumeReservation releases the reserved money once it has been paid out.
func (r *FundRepo) ConsumeReservation(ctx context.Context, grantID string, tranche int) error {
	_, err := r.q.ExecContext(ctx, `
		WITH res AS (
		    UPDATE fund_reservations SET consumed = true
		     WHERE grant_id = $1 AND tranche = $2 AND NOT consumed
		 RETURNING fund_id, amount_cents
		)
		UPDATE fund_balances f
		   SET reserved_cents = f.reserved_cents - res.amount_cents
		  FROM res WHERE f.fund_id = res.fund_id`, grantID, tranche)
	return err
}
