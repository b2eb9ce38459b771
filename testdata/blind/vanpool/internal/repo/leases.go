package repo

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
)

// Leases persists van leases and their installment payments.
type Leases struct{}

// NewLeases returns a Leases repository.
func NewLeases() *Leases { return &Leases{} }

const leaseCols = `id, contract_number, vanpool_id, vin, monthly_amount_cents, starts_on, ends_on, status`

func scanLease(row pgx.Row) (*domain.Lease, error) {
	var l domain.Lease
	err := row.Scan(&l.ID, &l.ContractNumber, &l.VanpoolID, &l.VIN, &l.MonthlyAmountCents, &l.StartsOn, &l.EndsOn, &l.Status)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &l, nil
}

// Get loads a lease.
func (r *Leases) Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Lease, error) {
	out, err := scanLease(q.QueryRow(ctx, `SELECT `+leaseCols+` FROM leases WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("leases: get %s: %w", id, err)
	}
	return out, nil
}

// ListActive returns leases in force on the first day of period.
func (r *Leases) ListActive(ctx context.Context, q db.Querier, periodStart string) ([]domain.Lease, error) {
	rows, err := q.Query(ctx, `
		SELECT `+leaseCols+` FROM leases
		WHERE status = 'active' AND starts_on <= $1::date AND ends_on >= $1::date
		ORDER BY contract_number`, periodStart)
	if err != nil {
		return nil, fmt.Errorf("leases: list active: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Lease, error) {
		l, err := scanLease(row)
		if err != nil {
			return domain.Lease{}, err
		}
		return *l, nil
	})
}

const leasePaymentCols = `id, lease_id, period, amount_cents, status, coalesce(provider_payment_id, ''), initiated_by, paid_at`

func scanLeasePayment(row pgx.Row) (*domain.LeasePayment, error) {
	var p domain.LeasePayment
	err := row.Scan(&p.ID, &p.LeaseID, &p.Period, &p.AmountCents, &p.Status, &p.ProviderPaymentID, &p.InitiatedBy, &p.PaidAt)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &p, nil
}

// EnsurePayment creates the installment row for (lease, period) if missing and
// returns the row as it now stands.
func (r *Leases) EnsurePayment(ctx context.Context, q db.Querier, p domain.LeasePayment) (*domain.LeasePayment, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO lease_payments (id, lease_id, period, amount_cents, initiated_by)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (lease_id, period) DO NOTHING`, p.ID, p.LeaseID, p.Period, p.AmountCents, p.InitiatedBy)
	if err != nil {
		return nil, fmt.Errorf("leases: ensure payment: %w", err)
	}
	out, err := scanLeasePayment(q.QueryRow(ctx, `
		SELECT `+leasePaymentCols+` FROM lease_payments WHERE lease_id = $1 AND period = $2`, p.LeaseID, p.Period))
	if err != nil {
		return nil, fmt.Errorf("leases: load payment: %w", err)
	}
	return out, nil
}

// MarkPaid records the leasing company's payment id.
func (r *Leases) MarkPaid(ctx context.Context, q db.Querier, id uuid.UUID, providerID string) error {
	_, err := q.Exec(ctx, `
		UPDATE lease_payments SET status = 'paid', provider_payment_id = $2, paid_at = now()
		WHERE id = $1 AND status <> 'paid'`, id, providerID)
	if err != nil {
		return fmt.Errorf("leases: mark paid: %w", err)
	}
	return nil
}

// MarkFailed records a rejected installment so it can be retried by hand.
func (r *Leases) MarkFailed(ctx context.Context, q db.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `UPDATE lease_payments SET status = 'failed' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return fmt.Errorf("leases: mark failed: %w", err)
	}
	return nil
}
