package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/baywarden/storagedesk/internal/domain"
)

const rentalCols = `id, unit_id, customer_id, reservation_id, move_in_key, status, monthly_rate_cents,
	bill_day, balance_cents, autopay_pm_id, last_access_at, started_on, closed_on, created_at`

// RentalStore covers facilities, units, customers and rentals.
type RentalStore struct {
	db *DB
}

func NewRentalStore(db *DB) *RentalStore { return &RentalStore{db: db} }

func (s *RentalStore) Facility(ctx context.Context, id string) (*domain.Facility, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT id, name, timezone, gate_site_id, manager_phone FROM facilities WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	f, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Facility])
	return f, notFound(err)
}

func (s *RentalStore) FacilityBySite(ctx context.Context, siteID string) (*domain.Facility, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT id, name, timezone, gate_site_id, manager_phone FROM facilities WHERE gate_site_id = $1`, siteID)
	if err != nil {
		return nil, err
	}
	f, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Facility])
	return f, notFound(err)
}

func (s *RentalStore) Unit(ctx context.Context, id string) (*domain.Unit, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT id, facility_id, label, size_code, monthly_rate_cents, status, gate_door_id
		   FROM units WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	u, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Unit])
	return u, notFound(err)
}

func (s *RentalStore) UnitByDoor(ctx context.Context, siteID, doorID string) (*domain.Unit, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT u.id, u.facility_id, u.label, u.size_code, u.monthly_rate_cents, u.status, u.gate_door_id
		   FROM units u JOIN facilities f ON f.id = u.facility_id
		  WHERE f.gate_site_id = $1 AND u.gate_door_id = $2`, siteID, doorID)
	if err != nil {
		return nil, err
	}
	u, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Unit])
	return u, notFound(err)
}

// CountAvailable returns vacant units of a size minus open holds.
func (s *RentalStore) CountAvailable(ctx context.Context, facilityID, size string) (int, error) {
	var n int
	err := s.db.conn(ctx).QueryRow(ctx, `
		SELECT (SELECT count(*) FROM units WHERE facility_id = $1 AND size_code = $2 AND status = 'vacant')
		     - (SELECT count(*) FROM reservations WHERE facility_id = $1 AND size_code = $2 AND status = 'held')`,
		facilityID, size).Scan(&n)
	return n, err
}

// RateFor returns the current street rate for a unit size.
func (s *RentalStore) RateFor(ctx context.Context, facilityID, size string) (int64, error) {
	var rate int64
	err := s.db.conn(ctx).QueryRow(ctx, `
		SELECT coalesce(min(monthly_rate_cents), 0) FROM units
		 WHERE facility_id = $1 AND size_code = $2 AND status = 'vacant'`, facilityID, size).Scan(&rate)
	return rate, err
}

func (s *RentalStore) SetUnitStatus(ctx context.Context, unitID string, st domain.UnitStatus) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE units SET status = $2, updated_at = now() WHERE id = $1`, unitID, st)
	return err
}

// ClaimVacantUnit flips a vacant unit to occupied; it reports false when the
// unit is no longer vacant.
func (s *RentalStore) ClaimVacantUnit(ctx context.Context, unitID string) (bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE units SET status = 'occupied', updated_at = now() WHERE id = $1 AND status = 'vacant'`, unitID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// UpsertCustomer returns the customer id for the email, creating the row if needed.
func (s *RentalStore) UpsertCustomer(ctx context.Context, c domain.Customer) (string, error) {
	var id string
	err := s.db.conn(ctx).QueryRow(ctx, `
		INSERT INTO customers (id, email, phone, full_name)
		VALUES ($1, lower($2), $3, $4)
		ON CONFLICT (email) DO UPDATE
		   SET phone = CASE WHEN EXCLUDED.phone <> '' THEN EXCLUDED.phone ELSE customers.phone END
		RETURNING id`, c.ID, c.Email, c.Phone, c.FullName).Scan(&id)
	return id, err
}

func (s *RentalStore) Customer(ctx context.Context, id string) (*domain.Customer, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT id, email, phone, full_name, stripe_customer_id FROM customers WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	c, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Customer])
	return c, notFound(err)
}

func (s *RentalStore) SetStripeCustomer(ctx context.Context, customerID, stripeID string) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE customers SET stripe_customer_id = $2 WHERE id = $1 AND stripe_customer_id IS NULL`,
		customerID, stripeID)
	return err
}

func (s *RentalStore) Rental(ctx context.Context, id string) (*domain.Rental, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `SELECT `+rentalCols+` FROM rentals WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	r, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Rental])
	return r, notFound(err)
}

func (s *RentalStore) OpenRentalForUnit(ctx context.Context, unitID string) (*domain.Rental, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT `+rentalCols+` FROM rentals WHERE unit_id = $1 AND status <> 'closed'`, unitID)
	if err != nil {
		return nil, err
	}
	r, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Rental])
	return r, notFound(err)
}

// InsertRental creates the rental unless one with the same move-in key exists;
// either way it returns the stored row and whether it was created now.
func (s *RentalStore) InsertRental(ctx context.Context, r domain.Rental) (*domain.Rental, bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO rentals (id, unit_id, customer_id, reservation_id, move_in_key, status,
		                     monthly_rate_cents, bill_day, balance_cents, autopay_pm_id, started_on)
		VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, 0, $8, $9)
		ON CONFLICT (move_in_key) DO NOTHING`,
		r.ID, r.UnitID, r.CustomerID, r.ReservationID, r.MoveInKey,
		r.MonthlyRateCents, r.BillDay, r.AutopayPMID, r.StartedOn)
	if err != nil {
		return nil, false, err
	}
	rows, err := s.db.conn(ctx).Query(ctx, `SELECT `+rentalCols+` FROM rentals WHERE move_in_key = $1`, r.MoveInKey)
	if err != nil {
		return nil, false, err
	}
	got, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Rental])
	if err != nil {
		return nil, false, err
	}
	return got, tag.RowsAffected() == 1, nil
}

func (s *RentalStore) MarkReservationConverted(ctx context.Context, id string) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE reservations SET status = 'converted' WHERE id = $1 AND status = 'held'`, id)
	return err
}

func (s *RentalStore) SetAutopay(ctx context.Context, rentalID string, pmID *string) error {
	_, err := s.db.conn(ctx).Exec(ctx, `UPDATE rentals SET autopay_pm_id = $2 WHERE id = $1`, rentalID, pmID)
	return err
}

func (s *RentalStore) SetRentalStatus(ctx context.Context, rentalID string, st domain.RentalStatus) error {
	_, err := s.db.conn(ctx).Exec(ctx, `UPDATE rentals SET status = $2 WHERE id = $1`, rentalID, st)
	return err
}

// TransitionRental moves a rental from one status to another; false means it
// was not in the expected status.
func (s *RentalStore) TransitionRental(ctx context.Context, rentalID string, from []domain.RentalStatus, to domain.RentalStatus) (bool, error) {
	fs := make([]string, len(from))
	for i, f := range from {
		fs[i] = string(f)
	}
	tag, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE rentals SET status = $3 WHERE id = $1 AND status = ANY($2)`, rentalID, fs, to)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// AdjustBalance adds delta to the rental balance and returns the new balance.
func (s *RentalStore) AdjustBalance(ctx context.Context, rentalID string, delta int64) (int64, error) {
	var bal int64
	err := s.db.conn(ctx).QueryRow(ctx,
		`UPDATE rentals SET balance_cents = balance_cents + $2 WHERE id = $1 RETURNING balance_cents`,
		rentalID, delta).Scan(&bal)
	return bal, notFound(err)
}

func (s *RentalStore) TouchAccess(ctx context.Context, rentalID string, at time.Time) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE rentals SET last_access_at = $2
		 WHERE id = $1 AND (last_access_at IS NULL OR last_access_at < $2)`, rentalID, at)
	return err
}

// CloseRental marks the rental closed as of the given date.
func (s *RentalStore) CloseRental(ctx context.Context, rentalID string, on time.Time) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE rentals SET status = 'closed', closed_on = $2 WHERE id = $1`, rentalID, on)
	return err
}

func (s *RentalStore) RecordMoveOut(ctx context.Context, rentalID string, on time.Time, credit int64) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO move_outs (rental_id, move_out_date, prorate_credit_cents)
		VALUES ($1, $2, $3) ON CONFLICT (rental_id) DO NOTHING`, rentalID, on, credit)
	return err
}

// BillableRentals returns open rentals with no invoice yet for the period.
func (s *RentalStore) BillableRentals(ctx context.Context, period string, after string, limit int) ([]domain.Rental, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		SELECT `+rentalCols+` FROM rentals r
		 WHERE r.status <> 'closed' AND r.id > $2
		   AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.rental_id = r.id AND i.period = $1)
		 ORDER BY r.id LIMIT $3`, period, after, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[domain.Rental])
}
