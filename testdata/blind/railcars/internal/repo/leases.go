package repo

import (
	"context"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Leases persists lease contracts and their cars.
type Leases struct{}

const leaseCols = `id, lease_number, customer_id, car_type, monthly_rate_cents, demurrage_rate_cents,
	free_time_hours, mileage_credit_cents, start_date, end_date, status, offrent_days, created_at`

func scanLease(row interface{ Scan(...any) error }) (*domain.Lease, error) {
	var l domain.Lease
	if err := row.Scan(&l.ID, &l.LeaseNumber, &l.CustomerID, &l.CarType, &l.MonthlyRateCents,
		&l.DemurrageRateCents, &l.FreeTimeHours, &l.MileageCreditCents, &l.StartDate, &l.EndDate,
		&l.Status, &l.OffrentDays, &l.CreatedAt); err != nil {
		return nil, db.NotFound(err)
	}
	return &l, nil
}

// Insert creates a lease.
func (Leases) Insert(ctx context.Context, q db.Querier, l *domain.Lease) error {
	return q.QueryRowContext(ctx, `
		INSERT INTO leases (id, lease_number, customer_id, car_type, monthly_rate_cents,
			demurrage_rate_cents, free_time_hours, mileage_credit_cents, start_date, end_date, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		RETURNING created_at`,
		l.ID, l.LeaseNumber, l.CustomerID, l.CarType, l.MonthlyRateCents, l.DemurrageRateCents,
		l.FreeTimeHours, l.MileageCreditCents, l.StartDate, l.EndDate, l.Status).Scan(&l.CreatedAt)
}

// Get loads a lease.
func (Leases) Get(ctx context.Context, q db.Querier, id string) (*domain.Lease, error) {
	return scanLease(q.QueryRowContext(ctx, `SELECT `+leaseCols+` FROM leases WHERE id = $1`, id))
}

// ActiveForCar returns the active lease a car is on hire to.
func (Leases) ActiveForCar(ctx context.Context, q db.Querier, carMark string) (*domain.Lease, error) {
	return scanLease(q.QueryRowContext(ctx, `
		SELECT `+leaseColsQualified+`
		FROM leases l JOIN lease_cars lc ON lc.lease_id = l.id
		WHERE lc.car_mark = $1 AND lc.off_hire_at IS NULL AND l.status = 'ACTIVE'
		ORDER BY lc.on_hire_at DESC LIMIT 1`, carMark))
}

const leaseColsQualified = `l.id, l.lease_number, l.customer_id, l.car_type, l.monthly_rate_cents,
	l.demurrage_rate_cents, l.free_time_hours, l.mileage_credit_cents, l.start_date, l.end_date,
	l.status, l.offrent_days, l.created_at`

// AddCar puts a car on hire to a lease. Adding a car that is already on the
// lease is a no-op; it reports whether a row was inserted.
func (Leases) AddCar(ctx context.Context, q db.Querier, leaseID, carMark string, at time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO lease_cars (lease_id, car_mark, on_hire_at) VALUES ($1, $2, $3)
		ON CONFLICT (lease_id, car_mark) DO NOTHING`, leaseID, carMark, at)
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

// Cars lists the cars on hire to a lease.
func (Leases) Cars(ctx context.Context, q db.Querier, leaseID string) ([]domain.LeaseCar, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT lease_id, car_mark, on_hire_at FROM lease_cars
		WHERE lease_id = $1 AND off_hire_at IS NULL ORDER BY car_mark`, leaseID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.LeaseCar
	for rows.Next() {
		var lc domain.LeaseCar
		if err := rows.Scan(&lc.LeaseID, &lc.CarMark, &lc.OnHireAt); err != nil {
			return nil, err
		}
		out = append(out, lc)
	}
	return out, rows.Err()
}

// Activate moves a draft lease to ACTIVE. It reports whether this call made
// the transition.
func (Leases) Activate(ctx context.Context, q db.Querier, id string, at time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE leases SET status = 'ACTIVE', activated_at = $2
		WHERE id = $1 AND status = 'DRAFT'`, id, at)
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

// AddOffrentDays abates rent for days a car spent in a repair shop.
func (Leases) AddOffrentDays(ctx context.Context, q db.Querier, id string, days int) error {
	_, err := q.ExecContext(ctx, `UPDATE leases SET offrent_days = offrent_days + $2 WHERE id = $1`, id, days)
	return err
}

// ResetOffrentDays clears the abatement counter once it has been billed.
func (Leases) ResetOffrentDays(ctx context.Context, q db.Querier, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE leases SET offrent_days = 0 WHERE id = $1`, id)
	return err
}

// BillingSchedules tracks when each lease is next invoiced.
type BillingSchedules struct{}

// Due is a lease whose next billing period has started.
type Due struct {
	LeaseID     string
	PeriodStart time.Time
}

// Create adds the schedule for a newly active lease. A lease has one schedule.
func (BillingSchedules) Create(ctx context.Context, q db.Querier, leaseID string, first time.Time) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO billing_schedules (lease_id, next_period_start, day_of_month)
		VALUES ($1, $2, 1)
		ON CONFLICT (lease_id) DO NOTHING`, leaseID, first)
	return err
}

// ListDue returns schedules whose next period starts on or before asOf.
func (BillingSchedules) ListDue(ctx context.Context, q db.Querier, asOf time.Time) ([]Due, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT bs.lease_id, bs.next_period_start
		FROM billing_schedules bs JOIN leases l ON l.id = bs.lease_id
		WHERE bs.next_period_start <= $1 AND l.status = 'ACTIVE'
		ORDER BY bs.next_period_start`, asOf)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Due
	for rows.Next() {
		var d Due
		if err := rows.Scan(&d.LeaseID, &d.PeriodStart); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Advance moves the schedule to the following period, only if it still
// points at from.
func (BillingSchedules) Advance(ctx context.Context, q db.Querier, leaseID string, from, to time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE billing_schedules SET next_period_start = $3
		WHERE lease_id = $1 AND next_period_start = $2`, leaseID, from, to)
	return err
}
