// Package domain holds the types shared between the HTTP, gRPC, queue and
// job entry points, the services and the store.
package domain

import (
	"errors"
	"fmt"
	"time"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrInvalid      = errors.New("invalid request")
	ErrUnauthorized = errors.New("unauthorized")
)

// InvalidError wraps ErrInvalid with a field-level message.
type InvalidError struct {
	Field, Msg string
}

func (e *InvalidError) Error() string { return fmt.Sprintf("%s: %s", e.Field, e.Msg) }
func (e *InvalidError) Unwrap() error { return ErrInvalid }

// Invalid builds an InvalidError.
func Invalid(field, msg string) error { return &InvalidError{Field: field, Msg: msg} }

// Application statuses.
const (
	AppPendingConsent = "pending_consent"
	AppConsented      = "consented"
	AppScreening      = "screening"
	AppReportsReady   = "reports_ready"
	AppApproved       = "approved"
	AppConditional    = "conditional"
	AppDeclined       = "declined"
	AppWithdrawn      = "withdrawn"
)

// Address is a US postal address.
type Address struct {
	Line1 string `json:"line1"`
	Line2 string `json:"line2,omitempty"`
	City  string `json:"city"`
	State string `json:"state"`
	Zip   string `json:"zip"`
}

// Validate checks the fields the print-and-mail provider requires.
func (a Address) Validate(prefix string) error {
	switch {
	case a.Line1 == "":
		return Invalid(prefix+".line1", "required")
	case a.City == "":
		return Invalid(prefix+".city", "required")
	case len(a.State) != 2:
		return Invalid(prefix+".state", "must be a two-letter state code")
	case len(a.Zip) != 5 && len(a.Zip) != 10:
		return Invalid(prefix+".zip", "must be ZIP or ZIP+4")
	}
	return nil
}

type Manager struct {
	ID               string
	Name             string
	BillingEmail     string
	StripeCustomerID string
}

type Property struct {
	ID          string
	ManagerID   string
	ExternalRef string
	Name        string
	Address     Address
	CreatedAt   time.Time
}

type Applicant struct {
	FirstName   string    `json:"first_name"`
	LastName    string    `json:"last_name"`
	Email       string    `json:"email"`
	Phone       string    `json:"phone,omitempty"`
	DateOfBirth time.Time `json:"date_of_birth"`
	SSNLast4    string    `json:"ssn_last4"`
	Address     Address   `json:"address"`
}

func (a Applicant) FullName() string { return a.FirstName + " " + a.LastName }

type Application struct {
	ID             string     `json:"id"`
	ManagerID      string     `json:"manager_id"`
	PropertyID     string     `json:"property_id"`
	PartnerID      string     `json:"partner_id,omitempty"`
	PartnerRef     string     `json:"partner_ref,omitempty"`
	Status         string     `json:"status"`
	Applicant      Applicant  `json:"applicant"`
	MonthlyRent    int64      `json:"monthly_rent_cents"`
	Decision       string     `json:"decision,omitempty"`
	DecisionReason string     `json:"decision_reason,omitempty"`
	DecidedAt      *time.Time `json:"decided_at,omitempty"`
	CreatedAt      time.Time  `json:"created_at"`
	UpdatedAt      time.Time  `json:"updated_at"`
}

type Consent struct {
	ID                string    `json:"id"`
	ApplicationID     string    `json:"application_id"`
	DisclosureVersion string    `json:"disclosure_version"`
	SignedName        string    `json:"signed_name"`
	IPAddress         string    `json:"ip_address"`
	UserAgent         string    `json:"user_agent"`
	SignedAt          time.Time `json:"signed_at"`
	ExpiresAt         time.Time `json:"expires_at"`
}

type IdentityVerification struct {
	ID                string     `json:"id"`
	ApplicationID     string     `json:"application_id"`
	ProviderSessionID string     `json:"provider_session_id"`
	Status            string     `json:"status"`
	RedirectURL       string     `json:"redirect_url"`
	FailureReason     string     `json:"failure_reason,omitempty"`
	CreatedAt         time.Time  `json:"created_at"`
	CompletedAt       *time.Time `json:"completed_at,omitempty"`
}

// Report order statuses.
const (
	OrderPending      = "pending"
	OrderSubmitted    = "submitted"
	OrderAcknowledged = "acknowledged"
	OrderCompleted    = "completed"
	OrderFailed       = "failed"
	OrderCancelled    = "cancelled"
)

type ReportOrder struct {
	ID             string     `json:"id"`
	ApplicationID  string     `json:"application_id"`
	ReportType     string     `json:"report_type"`
	Bureau         string     `json:"bureau"`
	Status         string     `json:"status"`
	BureauOrderRef string     `json:"bureau_order_ref,omitempty"`
	Attempts       int        `json:"attempts"`
	LastError      string     `json:"last_error,omitempty"`
	SubmittedAt    *time.Time `json:"submitted_at,omitempty"`
	CompletedAt    *time.Time `json:"completed_at,omitempty"`
	CreatedAt      time.Time  `json:"created_at"`
}

type ReportResult struct {
	OrderID        string         `json:"order_id"`
	Score          *int           `json:"score,omitempty"`
	Recommendation string         `json:"recommendation"`
	RecordCount    int            `json:"record_count"`
	Summary        map[string]any `json:"summary"`
	DocumentURL    string         `json:"document_url"`
}

type Dispute struct {
	ID              string
	OrderID         string
	BureauDisputeID string
	Reason          string
	OpenedAt        time.Time
}

// Fee charge statuses.
const (
	FeePending   = "pending"
	FeeSucceeded = "succeeded"
	FeeFailed    = "failed"
	FeeRefunded  = "refunded"
)

type FeeCharge struct {
	ID                    string    `json:"id"`
	ApplicationID         string    `json:"application_id"`
	AmountCents           int64     `json:"amount_cents"`
	Currency              string    `json:"currency"`
	PaymentMethodID       string    `json:"-"`
	StripePaymentIntentID string    `json:"stripe_payment_intent_id,omitempty"`
	Status                string    `json:"status"`
	FailureMessage        string    `json:"failure_message,omitempty"`
	RefundedCents         int64     `json:"refunded_cents"`
	CreatedAt             time.Time `json:"created_at"`
}

type FeeRefund struct {
	ID             string    `json:"id"`
	FeeChargeID    string    `json:"fee_charge_id"`
	AmountCents    int64     `json:"amount_cents"`
	Reason         string    `json:"reason"`
	RequestKey     string    `json:"-"`
	StripeRefundID string    `json:"stripe_refund_id,omitempty"`
	Status         string    `json:"status"`
	CreatedAt      time.Time `json:"created_at"`
}

// Letter statuses.
const (
	LetterQueued   = "queued"
	LetterMailing  = "mailing"
	LetterMailed   = "mailed"
	LetterReturned = "returned"
	LetterFailed   = "failed"
)

type Letter struct {
	ID                string     `json:"id"`
	ApplicationID     string     `json:"application_id"`
	Kind              string     `json:"kind"`
	ReasonCodes       []string   `json:"reason_codes"`
	BureauNames       []string   `json:"bureau_names"`
	RecipientName     string     `json:"recipient_name"`
	Address           Address    `json:"address"`
	Status            string     `json:"status"`
	PrintMailLetterID string     `json:"printmail_letter_id,omitempty"`
	Attempts          int        `json:"attempts"`
	RequestedBy       string     `json:"requested_by"`
	CreatedAt         time.Time  `json:"created_at"`
	MailedAt          *time.Time `json:"mailed_at,omitempty"`
}

type WebhookSubscription struct {
	ID         string    `json:"id"`
	ManagerID  string    `json:"manager_id"`
	URL        string    `json:"url"`
	Secret     string    `json:"-"`
	EventTypes []string  `json:"event_types"`
	Active     bool      `json:"active"`
	CreatedAt  time.Time `json:"created_at"`
}

type WebhookDelivery struct {
	ID             string
	SubscriptionID string
	URL            string
	Secret         string
	EventType      string
	Payload        []byte
	Attempts       int
}

type UsageRecord struct {
	ID         string
	ManagerID  string
	OrderID    string
	ReportType string
	UnitCents  int64
	OccurredAt time.Time
}

// Invoice statuses.
const (
	InvoiceDraft     = "draft"
	InvoicePublished = "published"
)

type Invoice struct {
	ID              string
	ManagerID       string
	PeriodStart     time.Time
	PeriodEnd       time.Time
	TotalCents      int64
	Status          string
	StripeInvoiceID string
	Lines           []InvoiceLine
}

type InvoiceLine struct {
	ID                  string
	InvoiceID           string
	Description         string
	ReportType          string
	Quantity            int
	UnitCents           int64
	AmountCents         int64
	StripeInvoiceItemID string
}
