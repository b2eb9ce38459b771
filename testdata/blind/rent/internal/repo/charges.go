package repo

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/ids"
)

// ChargeStore persists charges and the ledger.
type ChargeStore interface {
	Insert(ctx context.Context, q db.Querier, c *Charge) error
	InsertRent(ctx context.Context, q db.Querier, c *Charge) (bool, error)
	InsertLateFee(ctx context.Context, q db.Querier, c *Charge) (bool, error)
	Get(ctx context.Context, q db.Querier, id string) (*Charge, error)
	ListOverdueRent(ctx context.Context, q db.Querier, leaseID string, cutoff time.Time) ([]Charge, error)
	ListOpen(ctx context.Context, q db.Querier, leaseID string) ([]Charge, error)
	LateFeesAssessed(ctx context.Context, q db.Querier, sourceChargeID string) (int64, error)
	Waive(ctx context.Context, q db.Querier, id, reason string) (bool, error)
	VoidRentAfter(ctx context.Context, q db.Querier, leaseID string, after time.Time) (int64, error)
	SetStatus(ctx context.Context, q db.Querier, id, status string) error
	OutstandingBalance(ctx context.Context, q db.Querier, leaseID string) (int64, error)
	AppendLedger(ctx context.Context, q db.Querier, e LedgerEntry) error
}

type ChargeRepo struct{}

func NewChargeRepo() *ChargeRepo { return &ChargeRepo{} }

const chargeColumns = `id, lease_id, kind, amount_cents, due_on, status, description, source_charge_id,
	related_payment_id, assessed_on, waived_reason, created_at, updated_at`

func (r *ChargeRepo) Insert(ctx context.Context, q db.Querier, c *Charge) error {
	if c.Status == "" {
		c.Status = ChargeOpen
	}
	_, err := q.Exec(ctx, `
		INSERT INTO charges (id, lease_id, kind, amount_cents, due_on, status, description, source_charge_id, related_payment_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		c.ID, c.LeaseID, c.Kind, c.AmountCents, c.DueOn, c.Status, c.Description, c.SourceChargeID, c.RelatedPaymentID)
	if err != nil {
		return fmt.Errorf("insert %s charge: %w", c.Kind, err)
	}
	return nil
}

// InsertRent inserts a monthly rent charge unless one already exists for the
// lease and due date.
func (r *ChargeRepo) InsertRent(ctx context.Context, q db.Querier, c *Charge) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO charges (id, lease_id, kind, amount_cents, due_on, status, description)
		VALUES ($1, $2, 'rent', $3, $4, 'open', $5)
		ON CONFLICT (lease_id, due_on) WHERE kind = 'rent' DO NOTHING`,
		c.ID, c.LeaseID, c.AmountCents, c.DueOn, c.Description)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// InsertLateFee inserts one day's late fee against a rent charge. A second
// insert for the same charge and day is ignored.
func (r *ChargeRepo) InsertLateFee(ctx context.Context, q db.Querier, c *Charge) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO charges (id, lease_id, kind, amount_cents, due_on, status, description, source_charge_id, assessed_on)
		VALUES ($1, $2, 'late_fee', $3, $4, 'open', $5, $6, $7)
		ON CONFLICT (source_charge_id, assessed_on) WHERE kind = 'late_fee' DO NOTHING`,
		c.ID, c.LeaseID, c.AmountCents, c.DueOn, c.Description, c.SourceChargeID, c.AssessedOn)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *ChargeRepo) Get(ctx context.Context, q db.Querier, id string) (*Charge, error) {
	rows, err := q.Query(ctx, `SELECT `+chargeColumns+` FROM charges WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	c, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Charge])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return c, err
}

func (r *ChargeRepo) ListOverdueRent(ctx context.Context, q db.Querier, leaseID string, cutoff time.Time) ([]Charge, error) {
	rows, err := q.Query(ctx, `SELECT `+chargeColumns+` FROM charges
		WHERE lease_id = $1 AND kind = 'rent' AND status = 'open' AND due_on < $2::date
		ORDER BY due_on`, leaseID, cutoff)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Charge])
}

func (r *ChargeRepo) ListOpen(ctx context.Context, q db.Querier, leaseID string) ([]Charge, error) {
	rows, err := q.Query(ctx, `SELECT `+chargeColumns+` FROM charges
		WHERE lease_id = $1 AND status = 'open' ORDER BY due_on, created_at FOR UPDATE`, leaseID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Charge])
}

func (r *ChargeRepo) LateFeesAssessed(ctx context.Context, q db.Querier, sourceChargeID string) (int64, error) {
	var total int64
	err := q.QueryRow(ctx, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM charges
		WHERE source_charge_id = $1 AND kind = 'late_fee' AND status <> 'waived'`, sourceChargeID).Scan(&total)
	return total, err
}

// Waive moves an open fee to waived. It reports false if the charge was not
// an open fee.
func (r *ChargeRepo) Waive(ctx context.Context, q db.Querier, id, reason string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE charges SET status = 'waived', waived_reason = $2, updated_at = now()
		WHERE id = $1 AND status = 'open' AND kind IN ('late_fee', 'nsf_fee', 'one_off')`, id, reason)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *ChargeRepo) VoidRentAfter(ctx context.Context, q db.Querier, leaseID string, after time.Time) (int64, error) {
	tag, err := q.Exec(ctx, `
		UPDATE charges SET status = 'void', updated_at = now()
		WHERE lease_id = $1 AND kind = 'rent' AND status = 'open' AND due_on > $2::date`, leaseID, after)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (r *ChargeRepo) SetStatus(ctx context.Context, q db.Querier, id, status string) error {
	_, err := q.Exec(ctx, `UPDATE charges SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *ChargeRepo) OutstandingBalance(ctx context.Context, q db.Querier, leaseID string) (int64, error) {
	var bal int64
	err := q.QueryRow(ctx, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM charges WHERE lease_id = $1 AND status = 'open'`,
		leaseID).Scan(&bal)
	return bal, err
}

// AppendLedger writes an immutable ledger line.
func (r *ChargeRepo) AppendLedger(ctx context.Context, q db.Querier, e LedgerEntry) error {
	if e.ID == "" {
		e.ID = ids.Ledger()
	}
	_, err := q.Exec(ctx, `
		INSERT INTO ledger_entries (id, lease_id, charge_id, payment_id, entry_type, amount_cents, memo)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, e.LeaseID, e.ChargeID, e.PaymentID, e.EntryType, e.AmountCents, e.Memo)
	return err
}
