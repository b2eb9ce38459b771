package domain

import "time"

// BookingStatus is the lifecycle of a booking.
type BookingStatus string

const (
	BookingPending     BookingStatus = "pending"
	BookingConfirmed   BookingStatus = "confirmed"
	BookingDepositPaid BookingStatus = "deposit_paid"
	BookingPaidInFull  BookingStatus = "paid_in_full"
	BookingCancelled   BookingStatus = "cancelled"
	BookingExpired     BookingStatus = "expired"
)

// Cancellable lists the statuses from which a traveller may cancel.
var Cancellable = []BookingStatus{BookingPending, BookingConfirmed, BookingDepositPaid, BookingPaidInFull}

// Booking is a lead traveller's reservation of seats on a departure.
type Booking struct {
	ID               string        `db:"id" json:"id"`
	DepartureID      string        `db:"departure_id" json:"departure_id"`
	Reference        string        `db:"reference" json:"reference"`
	LeadName         string        `db:"lead_name" json:"lead_name"`
	LeadEmail        string        `db:"lead_email" json:"lead_email"`
	Pax              int           `db:"pax" json:"pax"`
	Status           BookingStatus `db:"status" json:"status"`
	TotalCents       int64         `db:"total_cents" json:"total_cents"`
	DepositCents     int64         `db:"deposit_cents" json:"deposit_cents"`
	AmountPaidCents  int64         `db:"amount_paid_cents" json:"amount_paid_cents"`
	Currency         string        `db:"currency" json:"currency"`
	StripeCustomerID string        `db:"stripe_customer_id" json:"-"`
	PaymentMethodID  string        `db:"payment_method_id" json:"-"`
	Channel          string        `db:"channel" json:"channel"`
	CreatedAt        time.Time     `db:"created_at" json:"created_at"`
	ConfirmedAt      *time.Time    `db:"confirmed_at" json:"confirmed_at,omitempty"`
	CancelledAt      *time.Time    `db:"cancelled_at" json:"cancelled_at,omitempty"`
	ExpiresAt        *time.Time    `db:"expires_at" json:"expires_at,omitempty"`
}

// BalanceDueCents is what is still owed on the booking.
func (b Booking) BalanceDueCents() int64 {
	due := b.TotalCents - b.AmountPaidCents
	if due < 0 {
		return 0
	}
	return due
}

// IsActive reports whether the booking still holds seats.
func (b Booking) IsActive() bool {
	return b.Status != BookingCancelled && b.Status != BookingExpired
}

// Traveller is one person on a booking's manifest.
type Traveller struct {
	ID          string     `db:"id" json:"id"`
	BookingID   string     `db:"booking_id" json:"booking_id"`
	FullName    string     `db:"full_name" json:"full_name"`
	DateOfBirth *time.Time `db:"date_of_birth" json:"date_of_birth,omitempty"`
	PassportNo  string     `db:"passport_no" json:"passport_no,omitempty"`
	Nationality string     `db:"nationality" json:"nationality,omitempty"`
	Dietary     string     `db:"dietary" json:"dietary,omitempty"`
	RoomShare   string     `db:"room_share" json:"room_share,omitempty"`
	CreatedAt   time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt   time.Time  `db:"updated_at" json:"updated_at"`
}

// Cancellation records the terms on which a booking was cancelled.
type Cancellation struct {
	ID          string    `db:"id" json:"id"`
	BookingID   string    `db:"booking_id" json:"booking_id"`
	Tier        string    `db:"tier" json:"tier"`
	RefundPct   int       `db:"refund_pct" json:"refund_pct"`
	RefundCents int64     `db:"refund_cents" json:"refund_cents"`
	Reason      string    `db:"reason" json:"reason"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}
