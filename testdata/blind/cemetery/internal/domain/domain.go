// Package domain holds the records the services and repositories exchange.
package domain

import (
	"database/sql"
	"time"
)

// Plot statuses.
const (
	PlotAvailable = "available"
	PlotHeld      = "held"
	PlotOwned     = "owned"
)

// Reservation statuses.
const (
	ReservationPendingDeposit = "pending_deposit"
	ReservationConfirmed      = "confirmed"
	ReservationCancelled      = "cancelled"
	ReservationRefunded       = "refunded"
	ReservationExpired        = "expired"
)

// Interment statuses.
const (
	IntermentRequested = "requested"
	IntermentBooked    = "booked"
	IntermentConfirmed = "confirmed"
	IntermentCompleted = "completed"
)

// Engraving order statuses.
const (
	EngravingPending   = "pending"
	EngravingSubmitted = "submitted"
)

// Invoice statuses.
const (
	InvoiceOpen   = "open"
	InvoicePaid   = "paid"
	InvoiceFailed = "failed"
)

type Family struct {
	ID        string    `db:"id"`
	Name      string    `db:"name"`
	CreatedAt time.Time `db:"created_at"`
}

type Contact struct {
	ID       string `db:"id"`
	FamilyID string `db:"family_id"`
	Name     string `db:"name"`
	Phone    string `db:"phone"`
	SMSOptIn bool   `db:"sms_opt_in"`
}

type Plot struct {
	ID                string         `db:"id"`
	Section           string         `db:"section"`
	RowLabel          string         `db:"row_label"`
	Position          int            `db:"position"`
	Status            string         `db:"status"`
	OwnerFamilyID     sql.NullString `db:"owner_family_id"`
	HeldByReservation sql.NullString `db:"held_by_reservation"`
	UpdatedAt         time.Time      `db:"updated_at"`
}

type Reservation struct {
	ID                    string         `db:"id"`
	RequestKey            string         `db:"request_key"`
	PlotID                string         `db:"plot_id"`
	FamilyID              string         `db:"family_id"`
	Status                string         `db:"status"`
	DepositCents          int64          `db:"deposit_cents"`
	StripeCustomerID      sql.NullString `db:"stripe_customer_id"`
	StripePaymentIntentID sql.NullString `db:"stripe_payment_intent_id"`
	StripeRefundID        sql.NullString `db:"stripe_refund_id"`
	CancelReason          sql.NullString `db:"cancel_reason"`
	CreatedAt             time.Time      `db:"created_at"`
	UpdatedAt             time.Time      `db:"updated_at"`
}

type PlotTransfer struct {
	ID             string    `db:"id"`
	PlotID         string    `db:"plot_id"`
	TransferNumber string    `db:"transfer_number"`
	FromFamilyID   string    `db:"from_family_id"`
	ToFamilyID     string    `db:"to_family_id"`
	RecordedBy     string    `db:"recorded_by"`
	RecordedAt     time.Time `db:"recorded_at"`
}

type Interment struct {
	ID                string         `db:"id"`
	ReservationID     string         `db:"reservation_id"`
	PlotID            string         `db:"plot_id"`
	FamilyID          string         `db:"family_id"`
	DecedentName      string         `db:"decedent_name"`
	FuneralHomeID     string         `db:"funeral_home_id"`
	ServiceAt         time.Time      `db:"service_at"`
	Status            string         `db:"status"`
	PartnerBookingRef sql.NullString `db:"partner_booking_ref"`
	ReminderSentAt    sql.NullTime   `db:"reminder_sent_at"`
	CreatedAt         time.Time      `db:"created_at"`
	UpdatedAt         time.Time      `db:"updated_at"`
}

type TimelineEntry struct {
	ID          string    `db:"id"`
	IntermentID string    `db:"interment_id"`
	Event       string    `db:"event"`
	Detail      string    `db:"detail"`
	OccurredAt  time.Time `db:"occurred_at"`
}

type PartnerCallAttempt struct {
	ID          string         `db:"id"`
	IntermentID string         `db:"interment_id"`
	Operation   string         `db:"operation"`
	StatusCode  sql.NullInt32  `db:"status_code"`
	Error       sql.NullString `db:"error"`
	DurationMS  int64          `db:"duration_ms"`
	AttemptedAt time.Time      `db:"attempted_at"`
}

type EngravingOrder struct {
	ID             string         `db:"id"`
	PlotID         string         `db:"plot_id"`
	FamilyID       string         `db:"family_id"`
	Inscription    string         `db:"inscription"`
	Typeface       string         `db:"typeface"`
	Material       string         `db:"material"`
	Status         string         `db:"status"`
	VendorOrderRef sql.NullString `db:"vendor_order_ref"`
	CreatedAt      time.Time      `db:"created_at"`
	UpdatedAt      time.Time      `db:"updated_at"`
}

type CareAccount struct {
	ID                   string         `db:"id"`
	FamilyID             string         `db:"family_id"`
	PlotID               string         `db:"plot_id"`
	StripeCustomerID     string         `db:"stripe_customer_id"`
	DefaultPaymentMethod sql.NullString `db:"default_payment_method"`
	AnnualFeeCents       int64          `db:"annual_fee_cents"`
	BalanceCents         int64          `db:"balance_cents"`
	NextBillingDate      time.Time      `db:"next_billing_date"`
	CreatedAt            time.Time      `db:"created_at"`
}

type CareInvoice struct {
	ID              string         `db:"id"`
	AccountID       string         `db:"account_id"`
	Period          string         `db:"period"`
	AmountCents     int64          `db:"amount_cents"`
	Status          string         `db:"status"`
	PaymentIntentID sql.NullString `db:"payment_intent_id"`
	FailureReason   sql.NullString `db:"failure_reason"`
	CreatedAt       time.Time      `db:"created_at"`
	UpdatedAt       time.Time      `db:"updated_at"`
}

type CarePayment struct {
	ID              string    `db:"id"`
	InvoiceID       string    `db:"invoice_id"`
	AccountID       string    `db:"account_id"`
	PaymentIntentID string    `db:"payment_intent_id"`
	AmountCents     int64     `db:"amount_cents"`
	ReceivedAt      time.Time `db:"received_at"`
}

type FamilyMessage struct {
	ID         string    `db:"id"`
	FamilyID   string    `db:"family_id"`
	Body       string    `db:"body"`
	SentBy     string    `db:"sent_by"`
	Recipients int       `db:"recipients"`
	SentAt     time.Time `db:"sent_at"`
}

type SMSDelivery struct {
	DedupKey          string    `db:"dedup_key"`
	ContactID         string    `db:"contact_id"`
	ProviderMessageID string    `db:"provider_message_id"`
	DeliveredAt       time.Time `db:"delivered_at"`
}

type PaymentEvent struct {
	ID              string         `db:"id"`
	StripeEventID   string         `db:"stripe_event_id"`
	PaymentIntentID sql.NullString `db:"payment_intent_id"`
	Kind            string         `db:"kind"`
	AmountCents     sql.NullInt64  `db:"amount_cents"`
	RecordedAt      time.Time      `db:"recorded_at"`
}
