package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// DepartureRepo persists departures, their operating plan and seat inventory.
type DepartureRepo struct {
	db *db.DB
}

// NewDepartureRepo constructs a DepartureRepo.
func NewDepartureRepo(d *db.DB) *DepartureRepo { return &DepartureRepo{db: d} }

const departureColumns = `id, tour_id, start_date, end_date, capacity, seats_available, price_cents,
	currency, status, confirmed_rooms, manifest_locked_at, created_at`

// GetTour loads a catalogue tour.
func (r *DepartureRepo) GetTour(ctx context.Context, id string) (*domain.Tour, error) {
	var t domain.Tour
	err := r.db.Conn(ctx).GetContext(ctx, &t,
		`SELECT id, code, name, days, base_price_cents, deposit_cents, currency, created_at FROM tours WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("tours.get", err)
	}
	return &t, nil
}

// CreateIfAbsent inserts the departure unless one already exists for the tour
// on that start date. It reports whether this call created the row.
func (r *DepartureRepo) CreateIfAbsent(ctx context.Context, d *domain.Departure) (bool, error) {
	const q = `INSERT INTO departures (id, tour_id, start_date, end_date, capacity, seats_available, price_cents, currency, status)
		VALUES (:id, :tour_id, :start_date, :end_date, :capacity, :seats_available, :price_cents, :currency, :status)
		ON CONFLICT (tour_id, start_date) DO NOTHING`
	n, err := affected(r.db.Conn(ctx).NamedExecContext(ctx, q, d))
	if err != nil {
		return false, fmt.Errorf("departures.create_if_absent: %w", err)
	}
	return n == 1, nil
}

// GetByTourDate loads the departure of a tour on a given date.
func (r *DepartureRepo) GetByTourDate(ctx context.Context, tourID string, start time.Time) (*domain.Departure, error) {
	var d domain.Departure
	err := r.db.Conn(ctx).GetContext(ctx, &d,
		`SELECT `+departureColumns+` FROM departures WHERE tour_id = $1 AND start_date = $2`, tourID, start)
	if err != nil {
		return nil, notFound("departures.get_by_tour_date", err)
	}
	return &d, nil
}

// Get loads a departure by ID.
func (r *DepartureRepo) Get(ctx context.Context, id string) (*domain.Departure, error) {
	var d domain.Departure
	err := r.db.Conn(ctx).GetContext(ctx, &d, `SELECT `+departureColumns+` FROM departures WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("departures.get", err)
	}
	return &d, nil
}

// ReserveSeats takes n seats if that many are free. It reports whether the
// seats were taken.
func (r *DepartureRepo) ReserveSeats(ctx context.Context, id string, n int) (bool, error) {
	rows, err := affected(r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE departures SET seats_available = seats_available - $2
		 WHERE id = $1 AND status = 'open' AND seats_available >= $2`, id, n))
	if err != nil {
		return false, fmt.Errorf("departures.reserve_seats: %w", err)
	}
	return rows == 1, nil
}

// ReleaseSeats gives n seats back to the departure.
func (r *DepartureRepo) ReleaseSeats(ctx context.Context, id string, n int) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE departures SET seats_available = LEAST(capacity, seats_available + $2) WHERE id = $1`, id, n)
	if err != nil {
		return fmt.Errorf("departures.release_seats: %w", err)
	}
	return nil
}

// AddConfirmedRooms adjusts the count of rooms suppliers have confirmed.
func (r *DepartureRepo) AddConfirmedRooms(ctx context.Context, id string, n int) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE departures SET confirmed_rooms = confirmed_rooms + $2 WHERE id = $1`, id, n)
	if err != nil {
		return fmt.Errorf("departures.add_confirmed_rooms: %w", err)
	}
	return nil
}

// LockManifestsStartingBefore stamps manifest_locked_at on open departures
// that start before `cutoff`; already-locked departures keep their stamp.
func (r *DepartureRepo) LockManifestsStartingBefore(ctx context.Context, cutoff time.Time) ([]string, error) {
	var ids []string
	err := r.db.Conn(ctx).SelectContext(ctx, &ids,
		`UPDATE departures SET manifest_locked_at = COALESCE(manifest_locked_at, now())
		 WHERE status = 'open' AND start_date < $1 AND manifest_locked_at IS NULL
		 RETURNING id`, cutoff)
	if err != nil {
		return nil, fmt.Errorf("departures.lock_manifests: %w", err)
	}
	return ids, nil
}

// Services returns the operating plan of a departure with each supplier's
// partner code.
func (r *DepartureRepo) Services(ctx context.Context, departureID string) ([]domain.DepartureService, error) {
	var out []domain.DepartureService
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT ds.id, ds.departure_id, ds.supplier_id, s.partner_code, ds.kind, ds.service_date,
			ds.nights, ds.units_per_traveller, ds.unit_cost_cents
		 FROM departure_services ds JOIN suppliers s ON s.id = ds.supplier_id
		 WHERE ds.departure_id = $1 ORDER BY ds.service_date, s.partner_code`, departureID)
	if err != nil {
		return nil, fmt.Errorf("departures.services: %w", err)
	}
	return out, nil
}

// ServicesForSupplier returns the plan lines a supplier provides on a departure.
func (r *DepartureRepo) ServicesForSupplier(ctx context.Context, departureID, supplierID string) ([]domain.DepartureService, error) {
	var out []domain.DepartureService
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT ds.id, ds.departure_id, ds.supplier_id, s.partner_code, ds.kind, ds.service_date,
			ds.nights, ds.units_per_traveller, ds.unit_cost_cents
		 FROM departure_services ds JOIN suppliers s ON s.id = ds.supplier_id
		 WHERE ds.departure_id = $1 AND ds.supplier_id = $2 ORDER BY ds.service_date`, departureID, supplierID)
	if err != nil {
		return nil, fmt.Errorf("departures.services_for_supplier: %w", err)
	}
	return out, nil
}

// GetSupplier loads a supplier.
func (r *DepartureRepo) GetSupplier(ctx context.Context, id string) (*domain.Supplier, error) {
	var s domain.Supplier
	err := r.db.Conn(ctx).GetContext(ctx, &s,
		`SELECT id, name, kind, partner_code, stripe_account_id, ops_email, payment_term_days, created_at
		 FROM suppliers WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("suppliers.get", err)
	}
	return &s, nil
}

// GetSupplierByPartnerCode loads a supplier by its partner-gateway code.
func (r *DepartureRepo) GetSupplierByPartnerCode(ctx context.Context, code string) (*domain.Supplier, error) {
	var s domain.Supplier
	err := r.db.Conn(ctx).GetContext(ctx, &s,
		`SELECT id, name, kind, partner_code, stripe_account_id, ops_email, payment_term_days, created_at
		 FROM suppliers WHERE partner_code = $1`, code)
	if err != nil {
		return nil, notFound("suppliers.get_by_partner_code", err)
	}
	return &s, nil
}
