package domain

import "time"

// HoldStatus is the lifecycle of a supplier hold.
type HoldStatus string

const (
	HoldRequested HoldStatus = "requested"
	HoldPlaced    HoldStatus = "placed"
	HoldConfirmed HoldStatus = "confirmed"
	HoldFailed    HoldStatus = "failed"
	HoldReleased  HoldStatus = "released"
	HoldExpired   HoldStatus = "expired"
)

// SupplierHold is inventory held at a supplier for one booking.
type SupplierHold struct {
	ID          string      `db:"id" json:"id"`
	BookingID   string      `db:"booking_id" json:"booking_id"`
	DepartureID string      `db:"departure_id" json:"departure_id"`
	SupplierID  string      `db:"supplier_id" json:"supplier_id"`
	PartnerCode string      `db:"partner_code" json:"partner_code"`
	Kind        ServiceKind `db:"kind" json:"kind"`
	ServiceDate time.Time   `db:"service_date" json:"service_date"`
	Nights      int         `db:"nights" json:"nights"`
	Quantity    int         `db:"quantity" json:"quantity"`
	Status      HoldStatus  `db:"status" json:"status"`
	SupplierRef *string     `db:"supplier_ref" json:"supplier_ref,omitempty"`
	LastError   string      `db:"last_error" json:"last_error,omitempty"`
	PlacedAt    *time.Time  `db:"placed_at" json:"placed_at,omitempty"`
	ConfirmedAt *time.Time  `db:"confirmed_at" json:"confirmed_at,omitempty"`
	ReleasedAt  *time.Time  `db:"released_at" json:"released_at,omitempty"`
	ExpiresAt   *time.Time  `db:"expires_at" json:"expires_at,omitempty"`
	CreatedAt   time.Time   `db:"created_at" json:"created_at"`
}

// Ref returns the supplier's reference or "".
func (h SupplierHold) Ref() string {
	if h.SupplierRef == nil {
		return ""
	}
	return *h.SupplierRef
}

// Active reports whether the hold still ties up supplier inventory.
func (h SupplierHold) Active() bool {
	return h.Status == HoldPlaced || h.Status == HoldConfirmed
}

// InvoiceStatus is the lifecycle of a supplier invoice.
type InvoiceStatus string

const (
	InvoiceReceived   InvoiceStatus = "received"
	InvoiceReconciled InvoiceStatus = "reconciled"
	InvoiceApproved   InvoiceStatus = "approved"
	InvoiceDisputed   InvoiceStatus = "disputed"
	InvoicePaid       InvoiceStatus = "paid"
)

// SupplierInvoice is a bill from a supplier for services on a departure.
type SupplierInvoice struct {
	ID            string        `db:"id" json:"id"`
	SupplierID    string        `db:"supplier_id" json:"supplier_id"`
	DepartureID   string        `db:"departure_id" json:"departure_id"`
	InvoiceNumber string        `db:"invoice_number" json:"invoice_number"`
	AmountCents   int64         `db:"amount_cents" json:"amount_cents"`
	Currency      string        `db:"currency" json:"currency"`
	Status        InvoiceStatus `db:"status" json:"status"`
	VarianceCents int64         `db:"variance_cents" json:"variance_cents"`
	DisputeReason string        `db:"dispute_reason" json:"dispute_reason,omitempty"`
	IssuedOn      time.Time     `db:"issued_on" json:"issued_on"`
	DueOn         time.Time     `db:"due_on" json:"due_on"`
	ReceivedAt    time.Time     `db:"received_at" json:"received_at"`
	ApprovedAt    *time.Time    `db:"approved_at" json:"approved_at,omitempty"`
}

// LedgerEntry is a line in the supplier's payable ledger.
type LedgerEntry struct {
	ID          string    `db:"id" json:"id"`
	SupplierID  string    `db:"supplier_id" json:"supplier_id"`
	InvoiceID   *string   `db:"invoice_id" json:"invoice_id,omitempty"`
	PayoutID    *string   `db:"payout_id" json:"payout_id,omitempty"`
	EntryType   string    `db:"entry_type" json:"entry_type"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Currency    string    `db:"currency" json:"currency"`
	Memo        string    `db:"memo" json:"memo"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

// PayoutStatus is the lifecycle of a supplier payout.
type PayoutStatus string

const (
	PayoutPending PayoutStatus = "pending"
	PayoutPaid    PayoutStatus = "paid"
	PayoutFailed  PayoutStatus = "failed"
)

// Payout is a transfer to a supplier's connected account.
type Payout struct {
	ID               string       `db:"id" json:"id"`
	SupplierID       string       `db:"supplier_id" json:"supplier_id"`
	InvoiceID        string       `db:"invoice_id" json:"invoice_id"`
	AmountCents      int64        `db:"amount_cents" json:"amount_cents"`
	Currency         string       `db:"currency" json:"currency"`
	Status           PayoutStatus `db:"status" json:"status"`
	StripeTransferID *string      `db:"stripe_transfer_id" json:"stripe_transfer_id,omitempty"`
	CreatedAt        time.Time    `db:"created_at" json:"created_at"`
	PaidAt           *time.Time   `db:"paid_at" json:"paid_at,omitempty"`
}

// ReconciliationRun is an append-only record of one invoice check.
type ReconciliationRun struct {
	ID            string    `db:"id" json:"id"`
	InvoiceID     string    `db:"invoice_id" json:"invoice_id"`
	ExpectedCents int64     `db:"expected_cents" json:"expected_cents"`
	InvoicedCents int64     `db:"invoiced_cents" json:"invoiced_cents"`
	Matched       bool      `db:"matched" json:"matched"`
	Notes         string    `db:"notes" json:"notes"`
	RanAt         time.Time `db:"ran_at" json:"ran_at"`
}

// ManifestSubmission records a rooming list / manifest sent to a supplier.
type ManifestSubmission struct {
	ID             string    `db:"id" json:"id"`
	DepartureID    string    `db:"departure_id" json:"departure_id"`
	SupplierID     string    `db:"supplier_id" json:"supplier_id"`
	Version        int       `db:"version" json:"version"`
	SupplierRef    string    `db:"supplier_ref" json:"supplier_ref"`
	TravellerCount int       `db:"traveller_count" json:"traveller_count"`
	SubmittedAt    time.Time `db:"submitted_at" json:"submitted_at"`
}

// EmailStatus is the lifecycle of an outbound email.
type EmailStatus string

const (
	EmailPending EmailStatus = "pending"
	EmailSending EmailStatus = "sending"
	EmailSent    EmailStatus = "sent"
	EmailFailed  EmailStatus = "failed"
)

// EmailDelivery tracks a templated email to a booking's lead traveller.
type EmailDelivery struct {
	ID                string      `db:"id" json:"id"`
	BookingID         string      `db:"booking_id" json:"booking_id"`
	Template          string      `db:"template" json:"template"`
	Recipient         string      `db:"recipient" json:"recipient"`
	Status            EmailStatus `db:"status" json:"status"`
	ProviderMessageID *string     `db:"provider_message_id" json:"provider_message_id,omitempty"`
	CreatedAt         time.Time   `db:"created_at" json:"created_at"`
	SentAt            *time.Time  `db:"sent_at" json:"sent_at,omitempty"`
}
