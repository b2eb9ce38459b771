// Package domain holds the APC platform's core types and the interfaces
// that the HTTP layer, the consumers and the workers program against.
package domain

import (
	"time"
)

// InvoiceKind separates the article processing charge itself from
// hand-raised supplementary charges.
type InvoiceKind string

const (
	InvoiceKindAPC           InvoiceKind = "apc"
	InvoiceKindSupplementary InvoiceKind = "supplementary"
)

// InvoiceStatus is the lifecycle of an invoice.
type InvoiceStatus string

const (
	InvoiceOpen    InvoiceStatus = "open"
	InvoicePaid    InvoiceStatus = "paid"
	InvoiceSettled InvoiceStatus = "settled" // covered by an institutional agreement
	InvoiceWaived  InvoiceStatus = "waived"
	InvoiceVoid    InvoiceStatus = "void"
)

// PayerType says who the invoice is addressed to.
type PayerType string

const (
	PayerAuthor      PayerType = "author"
	PayerInstitution PayerType = "institution"
)

// Invoice is an APC or supplementary invoice.
type Invoice struct {
	ID             string
	Number         string
	Kind           InvoiceKind
	ManuscriptID   string
	ArticleID      string
	DOI            string
	ArticleTitle   string
	ArticleType    string
	JournalCode    string
	PayerType      PayerType
	PayerName      string
	PayerEmail     string
	InstitutionID  string
	AgreementID    string
	Currency       string
	ListPriceCents int64
	DiscountCents  int64
	AmountDueCents int64
	Status         InvoiceStatus
	IssuedAt       time.Time
	DueAt          time.Time
	PaidAt         *time.Time
	EmailedAt      *time.Time
	LastRemindedAt *time.Time
	ReminderCount  int
}

// Payable reports whether the invoice can still take money.
func (i Invoice) Payable() bool {
	return i.Status == InvoiceOpen && i.AmountDueCents > 0
}

// Adjustment is a signed correction to an invoice's list price, e.g. when
// a manuscript moves to a journal with a different APC.
type Adjustment struct {
	ID         string
	InvoiceID  string
	DeltaCents int64
	Reason     string
	CreatedAt  time.Time
}

// PaymentMethod is how a payment was made.
type PaymentMethod string

const (
	MethodCard         PaymentMethod = "card"
	MethodBankTransfer PaymentMethod = "bank_transfer"
)

// PaymentStatus mirrors the provider's payment states we care about.
type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "pending"
	PaymentSucceeded PaymentStatus = "succeeded"
	PaymentFailed    PaymentStatus = "failed"
	PaymentRefunded  PaymentStatus = "refunded"
)

// Payment is one attempt to collect money against an invoice.
type Payment struct {
	ID                string
	InvoiceID         string
	Method            PaymentMethod
	IdempotencyKey    string
	ProviderPaymentID string
	AmountCents       int64
	Currency          string
	Status            PaymentStatus
	FailureReason     string
	CreatedAt         time.Time
}

// PaymentAttempt is an append-only trace of every call we made to the
// payments provider, successful or not. Finance uses it for disputes.
type PaymentAttempt struct {
	ID        string
	InvoiceID string
	PaymentID string
	AttemptNo int
	Outcome   string
	Error     string
	CreatedAt time.Time
}

// PaymentEvent is a webhook or polled status change from the provider.
type PaymentEvent struct {
	ProviderEventID   string
	Type              string
	ProviderPaymentID string
	Payload           []byte
	ReceivedAt        time.Time
}

// Refund returns money for a payment.
type Refund struct {
	ID               string
	InvoiceID        string
	PaymentID        string
	AmountCents      int64
	Reason           string
	ProviderRefundID string
	Status           string
	CreatedAt        time.Time
}

// WaiverPolicy names the rule under which a waiver was granted.
type WaiverPolicy string

const (
	WaiverResearch4Life WaiverPolicy = "research4life"
	WaiverEditor        WaiverPolicy = "editor_discretion"
	WaiverSociety       WaiverPolicy = "society_member"
)

// Waiver reduces what is owed on an invoice.
type Waiver struct {
	ID          string
	InvoiceID   string
	Policy      WaiverPolicy
	Percent     int
	AmountCents int64
	GrantedBy   string
	Reason      string
	CreatedAt   time.Time
}

// AgreementStatus is the state of a read-and-publish or prepaid deal.
type AgreementStatus string

const (
	AgreementActive    AgreementStatus = "active"
	AgreementSuspended AgreementStatus = "suspended"
	AgreementExpired   AgreementStatus = "expired"
)

// Agreement is an institutional prepaid-credit agreement.
type Agreement struct {
	ID            string
	ExternalRef   string
	InstitutionID string
	Name          string
	Currency      string
	BalanceCents  int64
	Status        AgreementStatus
	ValidFrom     time.Time
	ValidTo       time.Time
}

// Covers reports whether the agreement may pay for something on day t.
func (a Agreement) Covers(t time.Time) bool {
	return a.Status == AgreementActive && !t.Before(a.ValidFrom) && !t.After(a.ValidTo.Add(24*time.Hour))
}

// LedgerKind is the type of movement on an agreement's balance.
type LedgerKind string

const (
	LedgerTopUp    LedgerKind = "topup"
	LedgerDrawdown LedgerKind = "drawdown"
	LedgerRelease  LedgerKind = "release"
)

// LedgerEntry records one movement of agreement credit.
type LedgerEntry struct {
	ID          string
	AgreementID string
	InvoiceID   string
	Kind        LedgerKind
	AmountCents int64
	SourceRef   string
	CreatedAt   time.Time
}

// DOIStatus tracks a DOI deposit.
type DOIStatus string

const (
	DOIPending    DOIStatus = "pending"
	DOIBatched    DOIStatus = "batched"
	DOIRegistered DOIStatus = "registered"
	DOIFailed     DOIStatus = "failed"
)

// DOIRegistration is a DOI we owe the registry for a published article.
type DOIRegistration struct {
	ID         string
	ArticleID  string
	InvoiceID  string
	DOI        string
	Title      string
	LandingURL string
	Status     DOIStatus
	BatchID    string
	Attempts   int
	LastError  string
	CreatedAt  time.Time
}

// DOIBatch groups registrations into one deposit.
type DOIBatch struct {
	ID        string
	Status    string
	ItemCount int
	CreatedAt time.Time
}

// OutboxMessage is an event waiting to be relayed to Kafka.
type OutboxMessage struct {
	ID           string
	Topic        string
	PartitionKey string
	EventType    string
	Payload      []byte
	CreatedAt    time.Time
}

// AuditEvent is an append-only record of who did what.
type AuditEvent struct {
	ID        string
	Actor     string
	Action    string
	Subject   string
	Detail    map[string]any
	CreatedAt time.Time
}

// StoredResponse is a cached HTTP response for an Idempotency-Key.
type StoredResponse struct {
	Key         string
	Scope       string
	RequestHash string
	Status      int
	Body        []byte
}
