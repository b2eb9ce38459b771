// Package domain holds the persistent models shared by repositories and
// services. Struct tags map them onto the tables in /migrations.
package domain

import (
	"encoding/json"
	"time"

	"github.com/uptrace/bun"
)

// Application statuses.
const (
	AppSubmitted = "submitted"
	AppSeconded  = "seconded" // both sponsors have approved
	AppApproved  = "approved"
	AppDeclined  = "declined"
)

// RequiredSponsors is the number of member sponsors an application needs
// before the membership committee can decide on it.
const RequiredSponsors = 2

type MembershipApplication struct {
	bun.BaseModel `bun:"table:membership_applications"`

	ID              string     `bun:"id,pk" json:"id"`
	SubmissionToken string     `bun:"submission_token" json:"submission_token"`
	ApplicantName   string     `bun:"applicant_name" json:"applicant_name"`
	Email           string     `bun:"email" json:"email"`
	Phone           string     `bun:"phone" json:"phone"`
	BoatName        string     `bun:"boat_name" json:"boat_name"`
	BoatLengthFt    int        `bun:"boat_length_ft" json:"boat_length_ft"`
	MembershipClass string     `bun:"membership_class" json:"membership_class"`
	Status          string     `bun:"status" json:"status"`
	SponsorCount    int        `bun:"sponsor_count" json:"sponsor_count"`
	DecisionNote    string     `bun:"decision_note,nullzero" json:"decision_note,omitempty"`
	MemberID        string     `bun:"member_id,nullzero" json:"member_id,omitempty"`
	CreatedAt       time.Time  `bun:"created_at" json:"created_at"`
	DecidedAt       *time.Time `bun:"decided_at" json:"decided_at,omitempty"`
}

type SponsorApproval struct {
	bun.BaseModel `bun:"table:sponsor_approvals"`

	ID              string    `bun:"id,pk" json:"id"`
	ApplicationID   string    `bun:"application_id" json:"application_id"`
	SponsorMemberID string    `bun:"sponsor_member_id" json:"sponsor_member_id"`
	Note            string    `bun:"note,nullzero" json:"note,omitempty"`
	ApprovedAt      time.Time `bun:"approved_at" json:"approved_at"`
}

// Member statuses.
const (
	MemberActive    = "active"
	MemberSuspended = "suspended"
	MemberResigned  = "resigned"
)

type Member struct {
	bun.BaseModel `bun:"table:members"`

	ID               string    `bun:"id,pk" json:"id"`
	ApplicationID    string    `bun:"application_id,nullzero" json:"application_id,omitempty"`
	MemberNumber     int64     `bun:"member_number,scanonly" json:"member_number"`
	Name             string    `bun:"name" json:"name"`
	Email            string    `bun:"email" json:"email"`
	Phone            string    `bun:"phone" json:"phone"`
	MembershipClass  string    `bun:"membership_class" json:"membership_class"`
	StripeCustomerID string    `bun:"stripe_customer_id,nullzero" json:"-"`
	Status           string    `bun:"status" json:"status"`
	JoinedAt         time.Time `bun:"joined_at" json:"joined_at"`
}

type MemberAccount struct {
	bun.BaseModel `bun:"table:member_accounts"`

	MemberID     string    `bun:"member_id,pk" json:"member_id"`
	BalanceCents int64     `bun:"balance_cents" json:"balance_cents"`
	CreditLimit  int64     `bun:"credit_limit_cents" json:"credit_limit_cents"`
	UpdatedAt    time.Time `bun:"updated_at" json:"updated_at"`
}

// Account transaction kinds. Positive amounts increase what the member owes.
const (
	TxnDues       = "dues"
	TxnFuel       = "fuel"
	TxnBerthFee   = "berth_fee"
	TxnRegatta    = "regatta_fee"
	TxnPayment    = "payment"
	TxnAdjustment = "adjustment"
	TxnRefund     = "refund"
)

type AccountTransaction struct {
	bun.BaseModel `bun:"table:account_transactions"`

	ID          string    `bun:"id,pk" json:"id"`
	MemberID    string    `bun:"member_id" json:"member_id"`
	Kind        string    `bun:"kind" json:"kind"`
	AmountCents int64     `bun:"amount_cents" json:"amount_cents"`
	Description string    `bun:"description" json:"description"`
	Reference   string    `bun:"reference,nullzero" json:"reference,omitempty"`
	PostedAt    time.Time `bun:"posted_at" json:"posted_at"`
}

type IdempotencyRecord struct {
	bun.BaseModel `bun:"table:idempotency_keys"`

	Scope       string          `bun:"scope,pk"`
	Key         string          `bun:"key,pk"`
	Response    json.RawMessage `bun:"response,type:jsonb,nullzero"`
	CreatedAt   time.Time       `bun:"created_at"`
	CompletedAt *time.Time      `bun:"completed_at"`
}

// Berth statuses.
const (
	BerthAvailable = "available"
	BerthOccupied  = "occupied"
	BerthOffered   = "offered"
	BerthOutOfUse  = "out_of_service"
)

type Berth struct {
	bun.BaseModel `bun:"table:berths"`

	ID         string `bun:"id,pk" json:"id"`
	Dock       string `bun:"dock" json:"dock"`
	Slip       int    `bun:"slip" json:"slip"`
	BerthClass string `bun:"berth_class" json:"berth_class"`
	MaxLOAFt   int    `bun:"max_loa_ft" json:"max_loa_ft"`
	AnnualFee  int64  `bun:"annual_fee_cents" json:"annual_fee_cents"`
	Status     string `bun:"status" json:"status"`
}

type BerthAssignment struct {
	bun.BaseModel `bun:"table:berth_assignments"`

	ID        string     `bun:"id,pk" json:"id"`
	BerthID   string     `bun:"berth_id" json:"berth_id"`
	MemberID  string     `bun:"member_id" json:"member_id"`
	BoatName  string     `bun:"boat_name" json:"boat_name"`
	StartsOn  time.Time  `bun:"starts_on,type:date" json:"starts_on"`
	EndsOn    *time.Time `bun:"ends_on,type:date" json:"ends_on,omitempty"`
	Status    string     `bun:"status" json:"status"`
	Source    string     `bun:"source" json:"source"`
	CreatedAt time.Time  `bun:"created_at" json:"created_at"`
}

// Waitlist statuses.
const (
	WaitlistWaiting  = "waiting"
	WaitlistOffered  = "offered"
	WaitlistAccepted = "accepted"
	WaitlistDeclined = "declined"
	WaitlistExpired  = "expired"
)

type WaitlistEntry struct {
	bun.BaseModel `bun:"table:waitlist_entries"`

	ID             string     `bun:"id,pk" json:"id"`
	MemberID       string     `bun:"member_id" json:"member_id"`
	BerthClass     string     `bun:"berth_class" json:"berth_class"`
	BoatName       string     `bun:"boat_name" json:"boat_name"`
	BoatLOAFt      int        `bun:"boat_loa_ft" json:"boat_loa_ft"`
	Status         string     `bun:"status" json:"status"`
	OfferedBerthID string     `bun:"offered_berth_id,nullzero" json:"offered_berth_id,omitempty"`
	OfferExpiresAt *time.Time `bun:"offer_expires_at" json:"offer_expires_at,omitempty"`
	JoinedAt       time.Time  `bun:"joined_at" json:"joined_at"`
}

type FuelPurchase struct {
	bun.BaseModel `bun:"table:fuel_purchases"`

	ID              string    `bun:"id,pk" json:"id"`
	TicketNumber    string    `bun:"ticket_number" json:"ticket_number"`
	MemberID        string    `bun:"member_id" json:"member_id"`
	FuelGrade       string    `bun:"fuel_grade" json:"fuel_grade"`
	GallonsMilli    int64     `bun:"gallons_milli" json:"gallons_milli"`
	PricePerGallon  int64     `bun:"price_per_gallon_cents" json:"price_per_gallon_cents"`
	AmountCents     int64     `bun:"amount_cents" json:"amount_cents"`
	Status          string    `bun:"status" json:"status"`
	PaymentIntentID string    `bun:"payment_intent_id,nullzero" json:"payment_intent_id,omitempty"`
	FailureReason   string    `bun:"failure_reason,nullzero" json:"failure_reason,omitempty"`
	CreatedAt       time.Time `bun:"created_at" json:"created_at"`
}

type FuelDispense struct {
	bun.BaseModel `bun:"table:fuel_dispenses"`

	ID           string    `bun:"id,pk"`
	PumpID       string    `bun:"pump_id"`
	PumpSequence int64     `bun:"pump_sequence"`
	MemberID     string    `bun:"member_id"`
	FobID        string    `bun:"fob_id"`
	FuelGrade    string    `bun:"fuel_grade"`
	GallonsMilli int64     `bun:"gallons_milli"`
	AmountCents  int64     `bun:"amount_cents"`
	DispensedAt  time.Time `bun:"dispensed_at"`
	RecordedAt   time.Time `bun:"recorded_at"`
}

// Guest booking statuses.
const (
	GuestPending   = "pending_deposit"
	GuestConfirmed = "confirmed"
	GuestCancelled = "cancelled"
)

type GuestBooking struct {
	bun.BaseModel `bun:"table:guest_bookings"`

	ID              string    `bun:"id,pk" json:"id"`
	Reference       string    `bun:"reference" json:"reference"`
	BerthClass      string    `bun:"berth_class" json:"berth_class"`
	GuestName       string    `bun:"guest_name" json:"guest_name"`
	Email           string    `bun:"email" json:"email"`
	Phone           string    `bun:"phone" json:"phone"`
	BoatName        string    `bun:"boat_name" json:"boat_name"`
	BoatLOAFt       int       `bun:"boat_loa_ft" json:"boat_loa_ft"`
	ArriveOn        time.Time `bun:"arrive_on,type:date" json:"arrive_on"`
	DepartOn        time.Time `bun:"depart_on,type:date" json:"depart_on"`
	Nights          int       `bun:"nights" json:"nights"`
	AmountCents     int64     `bun:"amount_cents" json:"amount_cents"`
	DepositCents    int64     `bun:"deposit_cents" json:"deposit_cents"`
	PaymentIntentID string    `bun:"payment_intent_id,nullzero" json:"-"`
	Status          string    `bun:"status" json:"status"`
	CreatedAt       time.Time `bun:"created_at" json:"created_at"`
}

type GuestInventoryNight struct {
	bun.BaseModel `bun:"table:guest_berth_inventory"`

	Night      time.Time `bun:"night,pk,type:date"`
	BerthClass string    `bun:"berth_class,pk"`
	Capacity   int       `bun:"capacity"`
	Booked     int       `bun:"booked"`
	RateCents  int64     `bun:"rate_cents"`
}

type GuestBookingRefund struct {
	bun.BaseModel `bun:"table:guest_booking_refunds"`

	BookingID      string     `bun:"booking_id,pk"`
	AmountCents    int64      `bun:"amount_cents"`
	StripeRefundID string     `bun:"stripe_refund_id,nullzero"`
	Status         string     `bun:"status"`
	RequestedAt    time.Time  `bun:"requested_at"`
	CompletedAt    *time.Time `bun:"completed_at"`
}

type NotificationAttempt struct {
	bun.BaseModel `bun:"table:notification_attempts"`

	ID          string    `bun:"id,pk"`
	SubjectType string    `bun:"subject_type"`
	SubjectID   string    `bun:"subject_id"`
	Channel     string    `bun:"channel"`
	Template    string    `bun:"template"`
	ProviderRef string    `bun:"provider_ref,nullzero"`
	Outcome     string    `bun:"outcome"`
	Error       string    `bun:"error,nullzero"`
	AttemptedAt time.Time `bun:"attempted_at"`
}

type Regatta struct {
	bun.BaseModel `bun:"table:regattas"`

	ID             string    `bun:"id,pk" json:"id"`
	Name           string    `bun:"name" json:"name"`
	StartsOn       time.Time `bun:"starts_on,type:date" json:"starts_on"`
	EntryFeeCents  int64     `bun:"entry_fee_cents" json:"entry_fee_cents"`
	EntriesCloseAt time.Time `bun:"entries_close_at" json:"entries_close_at"`
	MaxEntries     int       `bun:"max_entries" json:"max_entries"`
	Status         string    `bun:"status" json:"status"`
}

type RegattaEntry struct {
	bun.BaseModel `bun:"table:regatta_entries"`

	ID          string     `bun:"id,pk" json:"id"`
	RegattaID   string     `bun:"regatta_id" json:"regatta_id"`
	MemberID    string     `bun:"member_id" json:"member_id"`
	BoatName    string     `bun:"boat_name" json:"boat_name"`
	SailNumber  string     `bun:"sail_number" json:"sail_number"`
	Division    string     `bun:"division" json:"division"`
	PHRFRating  int        `bun:"phrf_rating" json:"phrf_rating"`
	CrewCount   int        `bun:"crew_count" json:"crew_count"`
	Status      string     `bun:"status" json:"status"`
	CreatedAt   time.Time  `bun:"created_at" json:"created_at"`
	WithdrawnAt *time.Time `bun:"withdrawn_at" json:"withdrawn_at,omitempty"`
}

type RegattaResult struct {
	bun.BaseModel `bun:"table:regatta_results"`

	RegattaID       string    `bun:"regatta_id,pk"`
	EntryID         string    `bun:"entry_id,pk"`
	RaceNumber      int       `bun:"race_number,pk"`
	FinishSeconds   int       `bun:"finish_seconds"`
	CorrectedSecond int       `bun:"corrected_seconds"`
	Place           int       `bun:"place"`
	Code            string    `bun:"code,nullzero"`
	ScoredAt        time.Time `bun:"scored_at"`
}

// Dues invoice statuses.
const (
	DuesDraft  = "draft"
	DuesOpen   = "open"
	DuesPaid   = "paid"
	DuesFailed = "failed"
	DuesWaived = "waived"
)

type DuesInvoice struct {
	bun.BaseModel `bun:"table:dues_invoices"`

	ID              string     `bun:"id,pk" json:"id"`
	MemberID        string     `bun:"member_id" json:"member_id"`
	DuesYear        int        `bun:"dues_year" json:"dues_year"`
	AmountCents     int64      `bun:"amount_cents" json:"amount_cents"`
	StripeInvoiceID string     `bun:"stripe_invoice_id,nullzero" json:"stripe_invoice_id,omitempty"`
	Status          string     `bun:"status" json:"status"`
	CreatedAt       time.Time  `bun:"created_at" json:"created_at"`
	PaidAt          *time.Time `bun:"paid_at" json:"paid_at,omitempty"`
}

// Statement run statuses.
const (
	RunPending     = "pending"
	RunDispatching = "dispatching"
	RunDispatched  = "dispatched"
	RunPosted      = "posted"
)

type StatementRun struct {
	bun.BaseModel `bun:"table:statement_runs"`

	ID           string     `bun:"id,pk" json:"id"`
	Period       string     `bun:"period" json:"period"` // YYYY-MM
	Status       string     `bun:"status" json:"status"`
	MemberCount  int        `bun:"member_count" json:"member_count"`
	RequestedBy  string     `bun:"requested_by" json:"requested_by"`
	CreatedAt    time.Time  `bun:"created_at" json:"created_at"`
	DispatchedAt *time.Time `bun:"dispatched_at" json:"dispatched_at,omitempty"`
}

type Statement struct {
	bun.BaseModel `bun:"table:statements"`

	ID            string          `bun:"id,pk" json:"id"`
	RunID         string          `bun:"run_id" json:"run_id"`
	MemberID      string          `bun:"member_id" json:"member_id"`
	Period        string          `bun:"period" json:"period"`
	OpeningCents  int64           `bun:"opening_balance_cents" json:"opening_balance_cents"`
	ChargesCents  int64           `bun:"charges_cents" json:"charges_cents"`
	PaymentsCents int64           `bun:"payments_cents" json:"payments_cents"`
	ClosingCents  int64           `bun:"closing_balance_cents" json:"closing_balance_cents"`
	DuesCents     int64           `bun:"dues_cents" json:"dues_cents"`
	FuelCents     int64           `bun:"fuel_cents" json:"fuel_cents"`
	BerthCents    int64           `bun:"berth_cents" json:"berth_cents"`
	OtherCents    int64           `bun:"other_cents" json:"other_cents"`
	Lines         []StatementLine `bun:"lines,type:jsonb" json:"lines"`
	EmailedAt     *time.Time      `bun:"emailed_at" json:"emailed_at,omitempty"`
	CreatedAt     time.Time       `bun:"created_at" json:"created_at"`
}

type StatementLine struct {
	Date        time.Time `json:"date"`
	Kind        string    `json:"kind"`
	Description string    `json:"description"`
	AmountCents int64     `json:"amount_cents"`
}

type LedgerPosting struct {
	bun.BaseModel `bun:"table:ledger_postings"`

	ID             string    `bun:"id,pk"`
	RunID          string    `bun:"run_id"`
	JournalEntryID string    `bun:"journal_entry_id"`
	TotalCents     int64     `bun:"total_cents"`
	Status         string    `bun:"status"`
	PostedAt       time.Time `bun:"posted_at"`
}

type ProcessedEvent struct {
	bun.BaseModel `bun:"table:processed_events"`

	Source      string    `bun:"source,pk"`
	EventID     string    `bun:"event_id,pk"`
	EventType   string    `bun:"event_type"`
	ProcessedAt time.Time `bun:"processed_at"`
}

type OutboxEvent struct {
	bun.BaseModel `bun:"table:outbox_events"`

	ID          string          `bun:"id,pk"`
	Topic       string          `bun:"topic"`
	EventType   string          `bun:"event_type"`
	PartKey     string          `bun:"partition_key"`
	Payload     json.RawMessage `bun:"payload,type:jsonb"`
	CreatedAt   time.Time       `bun:"created_at"`
	PublishedAt *time.Time      `bun:"published_at"`
}
