package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/domain"
)

// SeatRepository manages trip_seats with conditional updates so that two
// holds can never own the same seat.
type SeatRepository struct{ base }

// NewSeatRepository builds a SeatRepository.
func NewSeatRepository(db *gorm.DB) *SeatRepository {
	return &SeatRepository{base{db: db}}
}

// HoldSeats marks the given free seats as held by holdID and returns how
// many were actually taken. Callers compare against len(seats) and roll the
// transaction back on a shortfall.
func (r *SeatRepository) HoldSeats(ctx context.Context, tripID, holdID string, seats []string) (int64, error) {
	res := r.conn(ctx).Exec(`
		UPDATE trip_seats
		   SET status = ?, hold_id = ?
		 WHERE trip_id = ?
		   AND seat_no IN ?
		   AND status = ?`,
		domain.SeatHeld, holdID, tripID, seats, domain.SeatFree)
	if res.Error != nil {
		return 0, fmt.Errorf("hold seats: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// PriceSeats returns the summed price of the requested seats.
func (r *SeatRepository) PriceSeats(ctx context.Context, tripID string, seats []string) (int64, string, error) {
	var row struct {
		Total     int64
		FareClass string
	}
	err := r.conn(ctx).Raw(`
		SELECT COALESCE(SUM(price_cents), 0) AS total, COALESCE(MAX(fare_class), 'standard') AS fare_class
		  FROM trip_seats
		 WHERE trip_id = ? AND seat_no IN ?`, tripID, seats).Scan(&row).Error
	if err != nil {
		return 0, "", fmt.Errorf("price seats: %w", err)
	}
	return row.Total, row.FareClass, nil
}

// AssignToBooking converts a hold's seats into booked seats.
func (r *SeatRepository) AssignToBooking(ctx context.Context, holdID, bookingID string) (int64, error) {
	res := r.conn(ctx).Exec(`
		UPDATE trip_seats
		   SET status = ?, booking_id = ?, hold_id = NULL
		 WHERE hold_id = ? AND status = ?`,
		domain.SeatBooked, bookingID, holdID, domain.SeatHeld)
	return res.RowsAffected, res.Error
}

// ReleaseByHold frees every seat still held by holdID.
func (r *SeatRepository) ReleaseByHold(ctx context.Context, holdID string) (int64, error) {
	res := r.conn(ctx).Exec(`
		UPDATE trip_seats
		   SET status = ?, hold_id = NULL
		 WHERE hold_id = ? AND status = ?`,
		domain.SeatFree, holdID, domain.SeatHeld)
	return res.RowsAffected, res.Error
}

// ReleaseByBooking frees every seat booked by bookingID.
func (r *SeatRepository) ReleaseByBooking(ctx context.Context, bookingID string) (int64, error) {
	res := r.conn(ctx).Exec(`
		UPDATE trip_seats
		   SET status = ?, booking_id = NULL
		 WHERE booking_id = ? AND status = ?`,
		domain.SeatFree, bookingID, domain.SeatBooked)
	return res.RowsAffected, res.Error
}

// SetSeatStatus is used by operations to block or unblock seats. Seats that
// are held or booked are never touched.
func (r *SeatRepository) SetSeatStatus(ctx context.Context, tripID, seatNo, status string) (int64, error) {
	res := r.conn(ctx).Exec(`
		UPDATE trip_seats
		   SET status = ?
		 WHERE trip_id = ? AND seat_no = ? AND status IN (?, ?)`,
		status, tripID, seatNo, domain.SeatFree, domain.SeatBlocked)
	return res.RowsAffected, res.Error
}

// SeatsForBooking lists the seat numbers booked by bookingID.
func (r *SeatRepository) SeatsForBooking(ctx context.Context, bookingID string) ([]string, error) {
	var seats []string
	err := r.conn(ctx).Raw(`SELECT seat_no FROM trip_seats WHERE booking_id = ? ORDER BY seat_no`, bookingID).
		Scan(&seats).Error
	return seats, err
}

// Layout returns every seat of the trip in display order.
func (r *SeatRepository) Layout(ctx context.Context, tripID string) ([]domain.TripSeat, error) {
	var seats []domain.TripSeat
	err := r.conn(ctx).Raw(`
		SELECT trip_id, seat_no, coach, fare_class, price_cents, status, hold_id, booking_id
		  FROM trip_seats WHERE trip_id = ? ORDER BY coach, seat_no`, tripID).Scan(&seats).Error
	return seats, err
}
