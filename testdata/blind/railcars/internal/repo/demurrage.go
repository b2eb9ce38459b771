package repo

import (
	"context"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Demurrage persists daily demurrage charges and disputes.
type Demurrage struct{}

// Accrue inserts the charge for a placement-day. A placement is charged at
// most once per day; it reports whether this call added the charge.
func (Demurrage) Accrue(ctx context.Context, q db.Querier, c *domain.DemurrageCharge) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO demurrage_charges (id, placement_id, lease_id, customer_id, charge_date, amount_cents)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (placement_id, charge_date) DO NOTHING`,
		c.ID, c.PlacementID, c.LeaseID, c.CustomerID, c.ChargeDate, c.AmountCents)
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

// GetCharge loads a charge.
func (Demurrage) GetCharge(ctx context.Context, q db.Querier, id string) (*domain.DemurrageCharge, error) {
	var c domain.DemurrageCharge
	err := q.QueryRowContext(ctx, `
		SELECT id, placement_id, COALESCE(lease_id, ''), COALESCE(customer_id, ''), charge_date, amount_cents, status
		FROM demurrage_charges WHERE id = $1`, id).
		Scan(&c.ID, &c.PlacementID, &c.LeaseID, &c.CustomerID, &c.ChargeDate, &c.AmountCents, &c.Status)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &c, nil
}

// SetChargeStatus updates a charge's status.
func (Demurrage) SetChargeStatus(ctx context.Context, q db.Querier, id, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE demurrage_charges SET status = $2 WHERE id = $1`, id, status)
	return err
}

// Uninvoiced sums accrued, undisputed charges for a lease up to a date.
func (Demurrage) Uninvoiced(ctx context.Context, q db.Querier, leaseID string, through time.Time) (count int, total int64, err error) {
	err = q.QueryRowContext(ctx, `
		SELECT COUNT(*), COALESCE(SUM(amount_cents), 0) FROM demurrage_charges
		WHERE lease_id = $1 AND status = 'ACCRUED' AND invoice_id IS NULL AND charge_date < $2`,
		leaseID, through).Scan(&count, &total)
	return count, total, err
}

// AttachToInvoice marks a lease's accrued charges as billed.
func (Demurrage) AttachToInvoice(ctx context.Context, q db.Querier, leaseID, invoiceID string, through time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE demurrage_charges SET invoice_id = $2, status = 'INVOICED'
		WHERE lease_id = $1 AND status = 'ACCRUED' AND invoice_id IS NULL AND charge_date < $3`,
		leaseID, invoiceID, through)
	return err
}

// OpenDispute records a dispute for a charge. A charge has at most one
// dispute; the existing one is returned when the charge is already disputed.
func (Demurrage) OpenDispute(ctx context.Context, q db.Querier, d *domain.DemurrageDispute) (*domain.DemurrageDispute, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO demurrage_disputes (id, charge_id, reason, opened_by)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (charge_id) DO NOTHING`, d.ID, d.ChargeID, d.Reason, d.OpenedBy)
	if err != nil {
		return nil, err
	}
	var out domain.DemurrageDispute
	err = q.QueryRowContext(ctx, `
		SELECT id, charge_id, reason, status, opened_by, created_at
		FROM demurrage_disputes WHERE charge_id = $1`, d.ChargeID).
		Scan(&out.ID, &out.ChargeID, &out.Reason, &out.Status, &out.OpenedBy, &out.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
