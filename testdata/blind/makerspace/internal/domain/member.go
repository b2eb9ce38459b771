package domain

import "time"

// MemberStatus is the lifecycle state of a membership.
type MemberStatus string

const (
	MemberActive    MemberStatus = "active"
	MemberPastDue   MemberStatus = "past_due"
	MemberSuspended MemberStatus = "suspended"
	MemberCancelled MemberStatus = "cancelled"
)

// Member is a person holding a membership.
type Member struct {
	ID                   string       `db:"id" json:"id"`
	Email                string       `db:"email" json:"email"`
	FullName             string       `db:"full_name" json:"full_name"`
	Phone                *string      `db:"phone" json:"phone,omitempty"`
	Plan                 string       `db:"plan" json:"plan"`
	Status               MemberStatus `db:"status" json:"status"`
	MonthlyDuesCents     int64        `db:"monthly_dues_cents" json:"monthly_dues_cents"`
	ProcessorCustomerID  *string      `db:"processor_customer_id" json:"-"`
	DefaultPaymentMethod *string      `db:"default_payment_method" json:"-"`
	DoorCredentialID     *string      `db:"door_credential_id" json:"door_credential_id,omitempty"`
	CreatedAt            time.Time    `db:"created_at" json:"created_at"`
	UpdatedAt            time.Time    `db:"updated_at" json:"updated_at"`
}

// ProfileUpdate is a full replacement of the editable profile fields.
type ProfileUpdate struct {
	FullName string
	Phone    *string
	Plan     string
}

// Account is a member's tab and prepaid balances.
type Account struct {
	MemberID    string    `db:"member_id" json:"member_id"`
	TabCents    int64     `db:"tab_cents" json:"tab_cents"`
	CreditCents int64     `db:"credit_cents" json:"credit_cents"`
	HourCredits int       `db:"hour_credits" json:"hour_credits"`
	UpdatedAt   time.Time `db:"updated_at" json:"updated_at"`
}

// LedgerKind classifies an account ledger entry.
type LedgerKind string

const (
	LedgerMaterialSale  LedgerKind = "material_sale"
	LedgerBookingDebit  LedgerKind = "booking_debit"
	LedgerBookingRefund LedgerKind = "booking_refund"
	LedgerOverage       LedgerKind = "overage"
	LedgerConsumables   LedgerKind = "consumables"
	LedgerCredit        LedgerKind = "credit_adjustment"
	LedgerDuesPayment   LedgerKind = "dues_payment"
)

// LedgerEntry is one line in a member's account history.
type LedgerEntry struct {
	ID          string     `db:"id" json:"id"`
	MemberID    string     `db:"member_id" json:"member_id"`
	EntryKey    *string    `db:"entry_key" json:"entry_key,omitempty"`
	Kind        LedgerKind `db:"kind" json:"kind"`
	AmountCents int64      `db:"amount_cents" json:"amount_cents"`
	HourDelta   int        `db:"hour_delta" json:"hour_delta"`
	Memo        string     `db:"memo" json:"memo"`
	CreatedBy   *string    `db:"created_by" json:"created_by,omitempty"`
	CreatedAt   time.Time  `db:"created_at" json:"created_at"`
}

// GuestPass is a time-limited door PIN a member issues to a guest.
type GuestPass struct {
	ID           string    `db:"id" json:"id"`
	MemberID     string    `db:"member_id" json:"member_id"`
	GuestName    string    `db:"guest_name" json:"guest_name"`
	VendorPassID string    `db:"vendor_pass_id" json:"vendor_pass_id"`
	PinLast4     string    `db:"pin_last4" json:"pin_last4"`
	ValidFrom    time.Time `db:"valid_from" json:"valid_from"`
	ValidUntil   time.Time `db:"valid_until" json:"valid_until"`
	CreatedAt    time.Time `db:"created_at" json:"created_at"`
}

// IdempotencyRecord is a stored caller key for a resource-creating request.
type IdempotencyRecord struct {
	Scope       string  `db:"scope"`
	Key         string  `db:"key"`
	RequestHash string  `db:"request_hash"`
	ResourceID  *string `db:"resource_id"`
	Response    []byte  `db:"response"`
}

// Key is a convenience for optional string keys.
func Key(s string) *string { return &s }
