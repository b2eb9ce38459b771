package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/lib/pq"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// BookingRepo persists bookings.
type BookingRepo struct {
	db *db.DB
}

// NewBookingRepo constructs a BookingRepo.
func NewBookingRepo(d *db.DB) *BookingRepo { return &BookingRepo{db: d} }

const bookingColumns = `id, departure_id, reference, lead_name, lead_email, pax, status,
	total_cents, deposit_cents, amount_paid_cents, currency, stripe_customer_id,
	payment_method_id, channel, created_at, confirmed_at, cancelled_at, expires_at`

// Create inserts a new booking.
func (r *BookingRepo) Create(ctx context.Context, b *domain.Booking) error {
	const q = `INSERT INTO bookings (id, departure_id, reference, lead_name, lead_email, pax, status,
		total_cents, deposit_cents, currency, stripe_customer_id, payment_method_id, channel, expires_at)
		VALUES (:id, :departure_id, :reference, :lead_name, :lead_email, :pax, :status,
		:total_cents, :deposit_cents, :currency, :stripe_customer_id, :payment_method_id, :channel, :expires_at)`
	_, err := r.db.Conn(ctx).NamedExecContext(ctx, q, b)
	return conflict("bookings.create", err)
}

// Get loads a booking by ID.
func (r *BookingRepo) Get(ctx context.Context, id string) (*domain.Booking, error) {
	var b domain.Booking
	err := r.db.Conn(ctx).GetContext(ctx, &b, `SELECT `+bookingColumns+` FROM bookings WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("bookings.get", err)
	}
	return &b, nil
}

// GetForUpdate loads a booking and locks its row until the transaction ends.
func (r *BookingRepo) GetForUpdate(ctx context.Context, id string) (*domain.Booking, error) {
	var b domain.Booking
	err := r.db.Conn(ctx).GetContext(ctx, &b, `SELECT `+bookingColumns+` FROM bookings WHERE id = $1 FOR UPDATE`, id)
	if err != nil {
		return nil, notFound("bookings.get_for_update", err)
	}
	return &b, nil
}

// TransitionStatus moves a booking to `to` if it is currently in one of
// `from`. It reports whether the row changed.
func (r *BookingRepo) TransitionStatus(ctx context.Context, id string, from []domain.BookingStatus, to domain.BookingStatus) (bool, error) {
	fromStr := make([]string, len(from))
	for i, s := range from {
		fromStr[i] = string(s)
	}
	q := `UPDATE bookings SET status = $2,
		confirmed_at = CASE WHEN $2 = 'confirmed' THEN COALESCE(confirmed_at, now()) ELSE confirmed_at END,
		cancelled_at = CASE WHEN $2 IN ('cancelled', 'expired') THEN COALESCE(cancelled_at, now()) ELSE cancelled_at END,
		expires_at = CASE WHEN $2 = 'pending' THEN expires_at ELSE NULL END
		WHERE id = $1 AND status = ANY($3)`
	n, err := affected(r.db.Conn(ctx).ExecContext(ctx, q, id, string(to), pq.Array(fromStr)))
	if err != nil {
		return false, fmt.Errorf("bookings.transition: %w", err)
	}
	return n == 1, nil
}

// AddPayment increases the amount paid and promotes the status when the
// deposit or the full amount has been covered.
func (r *BookingRepo) AddPayment(ctx context.Context, id string, amount int64) (*domain.Booking, error) {
	const q = `UPDATE bookings SET amount_paid_cents = amount_paid_cents + $2,
		status = CASE
			WHEN status IN ('cancelled', 'expired') THEN status
			WHEN amount_paid_cents + $2 >= total_cents THEN 'paid_in_full'
			WHEN amount_paid_cents + $2 >= deposit_cents THEN 'deposit_paid'
			ELSE status END,
		expires_at = NULL
		WHERE id = $1
		RETURNING ` + bookingColumns
	var b domain.Booking
	if err := r.db.Conn(ctx).GetContext(ctx, &b, q, id, amount); err != nil {
		return nil, notFound("bookings.add_payment", err)
	}
	return &b, nil
}

// SetPaymentMethod stores the Stripe customer and card used for the booking so
// the balance can be taken off-session.
func (r *BookingRepo) SetPaymentMethod(ctx context.Context, id, customerID, paymentMethodID string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE bookings SET stripe_customer_id = $2, payment_method_id = $3 WHERE id = $1`,
		id, customerID, paymentMethodID)
	if err != nil {
		return fmt.Errorf("bookings.set_payment_method: %w", err)
	}
	return nil
}

// ListExpiredPending returns pending bookings whose hold on seats has lapsed.
func (r *BookingRepo) ListExpiredPending(ctx context.Context, now time.Time, limit int) ([]domain.Booking, error) {
	var out []domain.Booking
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT `+bookingColumns+` FROM bookings
		 WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at < $1
		 ORDER BY expires_at LIMIT $2`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("bookings.list_expired_pending: %w", err)
	}
	return out, nil
}

// ListActiveForDeparture returns bookings still travelling on a departure.
func (r *BookingRepo) ListActiveForDeparture(ctx context.Context, departureID string) ([]domain.Booking, error) {
	var out []domain.Booking
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT `+bookingColumns+` FROM bookings
		 WHERE departure_id = $1 AND status IN ('confirmed', 'deposit_paid', 'paid_in_full')
		 ORDER BY created_at`, departureID)
	if err != nil {
		return nil, fmt.Errorf("bookings.list_active_for_departure: %w", err)
	}
	return out, nil
}

// ListBalanceDue returns bookings on departures starting on or before `by`
// that still owe money and have a card on file.
func (r *BookingRepo) ListBalanceDue(ctx context.Context, by time.Time, limit int) ([]domain.Booking, error) {
	var out []domain.Booking
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT b.id, b.departure_id, b.reference, b.lead_name, b.lead_email, b.pax, b.status,
			b.total_cents, b.deposit_cents, b.amount_paid_cents, b.currency, b.stripe_customer_id,
			b.payment_method_id, b.channel, b.created_at, b.confirmed_at, b.cancelled_at, b.expires_at
		 FROM bookings b JOIN departures d ON d.id = b.departure_id
		 WHERE b.status = 'deposit_paid' AND b.payment_method_id <> ''
		   AND d.start_date <= $1 AND b.amount_paid_cents < b.total_cents
		 ORDER BY d.start_date LIMIT $2`, by, limit)
	if err != nil {
		return nil, fmt.Errorf("bookings.list_balance_due: %w", err)
	}
	return out, nil
}

// ListDueForPreDeparture returns active bookings on departures starting on
// `day` that have not yet been sent the given template.
func (r *BookingRepo) ListDueForPreDeparture(ctx context.Context, day time.Time, template string) ([]domain.Booking, error) {
	var out []domain.Booking
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT b.id, b.departure_id, b.reference, b.lead_name, b.lead_email, b.pax, b.status,
			b.total_cents, b.deposit_cents, b.amount_paid_cents, b.currency, b.stripe_customer_id,
			b.payment_method_id, b.channel, b.created_at, b.confirmed_at, b.cancelled_at, b.expires_at
		 FROM bookings b JOIN departures d ON d.id = b.departure_id
		 WHERE d.start_date = $1 AND b.status IN ('deposit_paid', 'paid_in_full')
		   AND NOT EXISTS (SELECT 1 FROM email_deliveries e
		                   WHERE e.booking_id = b.id AND e.template = $2 AND e.status = 'sent')
		 ORDER BY b.created_at`, day, template)
	if err != nil {
		return nil, fmt.Errorf("bookings.list_due_for_predeparture: %w", err)
	}
	return out, nil
}
