// Package domain holds the persistent entities of the brokerage service.
package domain

import (
	"time"
)

// Shipment statuses.
const (
	ShipmentDraft     = "draft"
	ShipmentSubmitted = "submitted"
	ShipmentArrived   = "arrived"
	ShipmentHeld      = "held"
	ShipmentCleared   = "cleared"
	ShipmentRejected  = "rejected"
	ShipmentCancelled = "cancelled"
)

// Declaration statuses.
const (
	DeclarationPrepared = "prepared"
	DeclarationFiled    = "filed"
	DeclarationPaid     = "duties_paid"
	DeclarationHeld     = "held"
	DeclarationCleared  = "cleared"
	DeclarationRejected = "rejected"
)

// Payment statuses shared by duty payments and deposits.
const (
	PaymentPending   = "pending"
	PaymentSucceeded = "succeeded"
	PaymentFailed    = "failed"
	PaymentRefunded  = "refunded"
)

// Importer is a customer of the brokerage.
type Importer struct {
	ID                 string `gorm:"primaryKey"`
	Name               string
	EORI               string `gorm:"column:eori"`
	BillingEmail       string
	PaymentsCustomerID *string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// ImporterContact is the notification contact for an importer.
type ImporterContact struct {
	ImporterID string `gorm:"primaryKey"`
	Phone      string
	Email      string
	SMSOptIn   bool `gorm:"column:sms_opt_in"`
	UpdatedAt  time.Time
}

// PaymentMethod is a stored card or bank mandate at the payments provider.
type PaymentMethod struct {
	ID               string `gorm:"primaryKey"`
	ImporterID       string
	ProviderMethodID string
	Brand            string
	Last4            string `gorm:"column:last4"`
	IsDefault        bool
	CreatedAt        time.Time
}

// Shipment is one consignment an importer wants cleared.
type Shipment struct {
	ID                  string `gorm:"primaryKey"`
	ImporterID          string
	Reference           string
	TransportMode       string
	OriginCountry       string
	PortOfEntry         string
	CarrierSCAC         *string `gorm:"column:carrier_scac"`
	BillOfLading        *string
	DeclaredValueCents  int64
	Currency            string
	Status              string
	DepositBalanceCents int64
	BrokerNotes         *string
	ArrivedAt           *time.Time
	CancelledAt         *time.Time
	CreatedAt           time.Time
	UpdatedAt           time.Time

	Lines []ShipmentLine `gorm:"foreignKey:ShipmentID"`
}

// ShipmentLine is one tariff line of a shipment.
type ShipmentLine struct {
	ID          string `gorm:"primaryKey"`
	ShipmentID  string
	LineNo      int
	HSCode      string `gorm:"column:hs_code"`
	Description string
	Quantity    float64
	Unit        string
	ValueCents  int64
}

// ShipmentDocument is a supporting document (invoice, packing list, certificate).
type ShipmentDocument struct {
	ID         string `gorm:"primaryKey"`
	ShipmentID string
	Kind       string
	FileName   string
	StorageKey string
	SHA256     string `gorm:"column:sha256"`
	SizeBytes  int64
	UploadedAt time.Time
}

// Declaration is the customs declaration filed for a shipment.
type Declaration struct {
	ID            string `gorm:"primaryKey"`
	ShipmentID    string
	ImporterID    string
	LRN           string  `gorm:"column:lrn"`
	MRN           *string `gorm:"column:mrn"`
	ProcedureCode string
	Status        string
	DutyCents     int64
	VATCents      int64 `gorm:"column:vat_cents"`
	Currency      string
	Decision      *string
	DecisionNote  *string
	WorkflowID    string
	FiledAt       *time.Time
	DecidedAt     *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// TotalDueCents is duty plus import VAT.
func (d *Declaration) TotalDueCents() int64 { return d.DutyCents + d.VATCents }

// Amendment is a post-filing correction sent to the authority.
type Amendment struct {
	ID            string `gorm:"primaryKey"`
	DeclarationID string
	AmendmentRef  string
	Reason        string
	Changes       JSON
	Status        string
	AuthorityAck  *string
	CreatedAt     time.Time
}

// TableName overrides the gorm default.
func (Amendment) TableName() string { return "declaration_amendments" }

// DutyPayment is the durable intent to pay duties for a declaration.
type DutyPayment struct {
	ID                string `gorm:"primaryKey"`
	DeclarationID     string
	ImporterID        string
	AmountCents       int64
	Currency          string
	Status            string
	IdempotencyKey    string
	ProviderPaymentID *string
	FailureReason     *string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// PaymentAttempt is an append-only log of provider calls for a payment.
type PaymentAttempt struct {
	ID        string `gorm:"primaryKey"`
	PaymentID string
	Attempt   int
	Outcome   string
	Detail    *string
	CreatedAt time.Time
}

// Deposit is a duty deposit taken from an importer ahead of clearance.
type Deposit struct {
	ID                string `gorm:"primaryKey"`
	ShipmentID        string
	ImporterID        string
	AmountCents       int64
	Currency          string
	Status            string
	ProviderPaymentID *string
	CreatedAt         time.Time
}

// Refund returns a deposit to the importer.
type Refund struct {
	ID               string `gorm:"primaryKey"`
	DepositID        string
	ShipmentID       string
	AmountCents      int64
	ProviderRefundID string
	CreatedAt        time.Time
}

// Inspection is a physical or documentary inspection booked with the partner.
type Inspection struct {
	ID               string `gorm:"primaryKey"`
	ShipmentID       string
	Kind             string
	ClientReference  string
	PartnerBookingID *string
	Status           string
	RequestedBy      string
	Result           *string
	CompletedAt      *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// InspectionSlot is the partner's confirmed appointment for an inspection.
type InspectionSlot struct {
	PartnerBookingID string `gorm:"primaryKey"`
	InspectionID     string
	FacilityCode     string
	InspectorName    *string
	StartsAt         time.Time
	EndsAt           time.Time
	CreatedAt        time.Time
}

// HoldAlert records an urgent alert sent when customs holds a declaration.
type HoldAlert struct {
	ID            string `gorm:"primaryKey"`
	DeclarationID string
	Channel       string
	Destination   string
	ProviderMsgID *string
	SentAt        time.Time
}

// BillingLineItem is one billable event for the monthly invoice.
type BillingLineItem struct {
	ID          string `gorm:"primaryKey"`
	ImporterID  string
	ShipmentID  *string
	Kind        string
	Description string
	AmountCents int64
	Currency    string
	Period      string
	InvoiceID   *string
	CreatedAt   time.Time
}

// MonthlyUsage tracks volume counters for tiered pricing.
type MonthlyUsage struct {
	ImporterID          string `gorm:"primaryKey"`
	Period              string `gorm:"primaryKey"`
	DeclarationsCleared int
	InspectionsDone     int
	UpdatedAt           time.Time
}

// TableName overrides the gorm default.
func (MonthlyUsage) TableName() string { return "monthly_usage" }

// Invoice is the monthly bill for an importer.
type Invoice struct {
	ID                string `gorm:"primaryKey"`
	ImporterID        string
	Period            string
	Number            string
	SubtotalCents     int64
	CreditedCents     int64
	Currency          string
	Status            string
	ProviderPaymentID *string
	ChargedAt         *time.Time
	CreatedAt         time.Time
}

// DueCents is what remains payable on the invoice.
func (i *Invoice) DueCents() int64 { return i.SubtotalCents - i.CreditedCents }

// CreditNote reduces an invoice.
type CreditNote struct {
	ID          string `gorm:"primaryKey"`
	InvoiceID   string
	AmountCents int64
	Reason      string
	IssuedBy    string
	CreatedAt   time.Time
}

// TariffRate is the current duty rate for an HS code.
type TariffRate struct {
	HSCode        string `gorm:"primaryKey;column:hs_code"`
	DutyRateBps   int
	EffectiveFrom time.Time
	UpdatedAt     time.Time
}

// TariffRateChange is a rate change notice received from the authority feed.
type TariffRateChange struct {
	ChangeID      string `gorm:"primaryKey"`
	HSCode        string `gorm:"column:hs_code"`
	DutyRateBps   int
	EffectiveFrom time.Time
	ReceivedAt    time.Time
}

// IdempotencyKey stores a client-supplied request key and its response.
type IdempotencyKey struct {
	Scope          string `gorm:"primaryKey"`
	Key            string `gorm:"primaryKey"`
	RequestHash    string
	ResponseStatus *int
	ResponseBody   JSON
	CreatedAt      time.Time
}

// WebhookEvent records an inbound webhook event already processed.
type WebhookEvent struct {
	Source     string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	EventType  string
	ReceivedAt time.Time
}

// ProcessedMessage records a queue message already handled by a consumer.
type ProcessedMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

// AuditEntry is an append-only audit record.
type AuditEntry struct {
	ID        string `gorm:"primaryKey"`
	Actor     string
	Action    string
	Subject   string
	Detail    JSON
	CreatedAt time.Time
}

// TableName overrides the gorm default.
func (AuditEntry) TableName() string { return "audit_log" }

// Period formats t as the billing period key (YYYY-MM).
func Period(t time.Time) string { return t.UTC().Format("2006-01") }
