package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// TravellerRepo persists booking manifests.
type TravellerRepo struct {
	db  *db.DB
	now func() time.Time
}

// NewTravellerRepo constructs a TravellerRepo.
func NewTravellerRepo(d *db.DB) *TravellerRepo {
	return &TravellerRepo{db: d, now: time.Now}
}

const travellerColumns = `id, booking_id, full_name, date_of_birth, passport_no, nationality,
	dietary, room_share, created_at, updated_at`

// Insert adds a traveller to a booking and fills in ID and timestamps.
func (r *TravellerRepo) Insert(ctx context.Context, t *domain.Traveller) error {
	t.ID = uuid.New().String()
	t.CreatedAt = r.now().UTC()
	t.UpdatedAt = t.CreatedAt
	const q = `INSERT INTO travellers (id, booking_id, full_name, date_of_birth, passport_no, nationality,
		dietary, room_share, created_at, updated_at)
		VALUES (:id, :booking_id, :full_name, :date_of_birth, :passport_no, :nationality,
		:dietary, :room_share, :created_at, :updated_at)`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, t); err != nil {
		return fmt.Errorf("travellers.insert: %w", err)
	}
	return nil
}

// Update overwrites a traveller's details. It reports whether the row exists.
func (r *TravellerRepo) Update(ctx context.Context, t *domain.Traveller) (bool, error) {
	t.UpdatedAt = r.now().UTC()
	const q = `UPDATE travellers SET full_name = :full_name, date_of_birth = :date_of_birth,
		passport_no = :passport_no, nationality = :nationality, dietary = :dietary,
		room_share = :room_share, updated_at = :updated_at
		WHERE id = :id AND booking_id = :booking_id`
	n, err := affected(r.db.Conn(ctx).NamedExecContext(ctx, q, t))
	if err != nil {
		return false, fmt.Errorf("travellers.update: %w", err)
	}
	return n == 1, nil
}

// Delete removes a traveller; deleting a missing traveller is not an error.
func (r *TravellerRepo) Delete(ctx context.Context, bookingID, id string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`DELETE FROM travellers WHERE id = $1 AND booking_id = $2`, id, bookingID)
	if err != nil {
		return fmt.Errorf("travellers.delete: %w", err)
	}
	return nil
}

// Get loads one traveller.
func (r *TravellerRepo) Get(ctx context.Context, bookingID, id string) (*domain.Traveller, error) {
	var t domain.Traveller
	err := r.db.Conn(ctx).GetContext(ctx, &t,
		`SELECT `+travellerColumns+` FROM travellers WHERE id = $1 AND booking_id = $2`, id, bookingID)
	if err != nil {
		return nil, notFound("travellers.get", err)
	}
	return &t, nil
}

// CountByBooking returns the number of travellers on a booking.
func (r *TravellerRepo) CountByBooking(ctx context.Context, bookingID string) (int, error) {
	var n int
	if err := r.db.Conn(ctx).GetContext(ctx, &n,
		`SELECT count(*) FROM travellers WHERE booking_id = $1`, bookingID); err != nil {
		return 0, fmt.Errorf("travellers.count: %w", err)
	}
	return n, nil
}

// ListByBooking returns a booking's manifest.
func (r *TravellerRepo) ListByBooking(ctx context.Context, bookingID string) ([]domain.Traveller, error) {
	var out []domain.Traveller
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT `+travellerColumns+` FROM travellers WHERE booking_id = $1 ORDER BY created_at`, bookingID)
	if err != nil {
		return nil, fmt.Errorf("travellers.list_by_booking: %w", err)
	}
	return out, nil
}

// ListByDeparture returns every travelling passenger on a departure.
func (r *TravellerRepo) ListByDeparture(ctx context.Context, departureID string) ([]domain.Traveller, error) {
	var out []domain.Traveller
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT t.id, t.booking_id, t.full_name, t.date_of_birth, t.passport_no, t.nationality,
			t.dietary, t.room_share, t.created_at, t.updated_at
		 FROM travellers t JOIN bookings b ON b.id = t.booking_id
		 WHERE b.departure_id = $1 AND b.status IN ('confirmed', 'deposit_paid', 'paid_in_full')
		 ORDER BY b.reference, t.created_at`, departureID)
	if err != nil {
		return nil, fmt.Errorf("travellers.list_by_departure: %w", err)
	}
	return out, nil
}
