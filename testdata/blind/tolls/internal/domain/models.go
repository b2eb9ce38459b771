// Package domain holds the persistent entities of the tolling service.
// Column names follow internal/storage/schema; gorm tags only name columns
// and keys, the schema files are the source of truth.
package domain

import "time"

// Account plans.
const (
	PlanPrepaid  = "prepaid"
	PlanPostpaid = "postpaid"
)

// Account statuses.
const (
	AccountActive    = "active"
	AccountSuspended = "suspended"
	AccountClosing   = "closing"
	AccountClosed    = "closed"
)

// Account is a customer's toll account.
type Account struct {
	ID                 string `gorm:"primaryKey"`
	HolderName         string
	Email              string
	Phone              string
	Plan               string
	Status             string
	BalanceCents       int64
	OutstandingCents   int64
	AutoTopUpThreshold int64
	AutoTopUpAmount    int64
	PaymentToken       string
	ShopperReference   string
	SmsAlerts          bool
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// Transponder is a windshield tag issued to an account.
type Transponder struct {
	Serial    string `gorm:"primaryKey"`
	AccountID string
	Status    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TransponderStatusEvent is a status change published by the interoperability hub.
type TransponderStatusEvent struct {
	ID         int64 `gorm:"primaryKey;autoIncrement"`
	Serial     string
	Seq        int64
	Status     string
	Reason     string
	OccurredAt time.Time
	ReceivedAt time.Time
}

// Vehicle is a plate registered on an account (used for video tolling).
type Vehicle struct {
	ID           string `gorm:"primaryKey"`
	AccountID    string
	PlateState   string
	PlateNumber  string
	VehicleClass int
	CreatedAt    time.Time
}

// GantryRead is one transponder read at a gantry.
type GantryRead struct {
	GantryID     string `gorm:"primaryKey"`
	ReadSeq      int64  `gorm:"primaryKey"`
	Serial       string
	PlazaID      string
	Direction    string
	IsExit       bool
	ReadAt       time.Time
	TripID       string
	ReceivedAt   time.Time
	VehicleClass int
}

// Trip statuses.
const (
	TripOpen    = "open"
	TripClosed  = "closed"
	TripCharged = "charged"
	TripVoided  = "voided"
)

// Trip is an entry/exit pair assembled from gantry reads.
type Trip struct {
	ID            string `gorm:"primaryKey"`
	AccountID     string
	Serial        string
	EntryPlaza    string
	ExitPlaza     string
	VehicleClass  int
	Status        string
	AmountCents   int64
	OpenedAt      time.Time
	ClosedAt      *time.Time
	ReceiptSentAt *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Tariff is the toll for one entry/exit/class combination.
type Tariff struct {
	EntryPlaza    string    `gorm:"primaryKey"`
	ExitPlaza     string    `gorm:"primaryKey"`
	VehicleClass  int       `gorm:"primaryKey"`
	EffectiveFrom time.Time `gorm:"primaryKey"`
	AmountCents   int64
	UpdatedBy     string
	UpdatedAt     time.Time
}

// TripCharge records that a trip was billed to an account.
type TripCharge struct {
	ID            string `gorm:"primaryKey"`
	TripID        string
	AccountID     string
	AmountCents   int64
	RefundedCents int64
	Method        string
	CreatedAt     time.Time
}

// Ledger entry kinds.
const (
	LedgerTopUp      = "topup"
	LedgerToll       = "toll"
	LedgerAdjustment = "adjustment"
	LedgerRefund     = "refund"
	LedgerVoid       = "void"
	LedgerCredit     = "credit"
	LedgerPayout     = "payout"
)

// LedgerEntry is an append-only movement on an account balance.
type LedgerEntry struct {
	ID          string `gorm:"primaryKey"`
	AccountID   string
	Kind        string
	AmountCents int64
	Reference   string
	Memo        string
	CreatedBy   string
	CreatedAt   time.Time
}

// TopUp statuses.
const (
	TopUpPending   = "pending"
	TopUpSucceeded = "succeeded"
	TopUpFailed    = "failed"
)

// TopUp is a prepaid balance top-up funded by card.
type TopUp struct {
	ID             string `gorm:"primaryKey"`
	AccountID      string
	AmountCents    int64
	Source         string
	Status         string
	PSPReference   string
	IdempotencyKey *string
	FailureReason  string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Card payment purposes.
const (
	PurposeOutstanding = "outstanding"
	PurposeSettlement  = "settlement"
	PurposeViolation   = "violation"
	PurposeClosure     = "closure_payout"
)

// CardPayment is a card charge or payout that is not a top-up.
type CardPayment struct {
	ID           string `gorm:"primaryKey"`
	OperationKey *string
	AccountID    string
	Purpose      string
	AmountCents  int64
	Currency     string
	Status       string
	PSPReference string
	Reference    string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// PaymentAttempt is an append-only log of calls made to the gateway.
type PaymentAttempt struct {
	ID         string `gorm:"primaryKey"`
	Operation  string
	Reference  string
	HTTPStatus int
	ResultCode string
	Error      string
	DurationMs int64
	CreatedAt  time.Time
}

// GatewayNotification is a webhook notification item from the gateway.
type GatewayNotification struct {
	PSPReference      string `gorm:"primaryKey"`
	EventCode         string `gorm:"primaryKey"`
	Success           bool
	MerchantReference string
	AmountCents       int64
	ReceivedAt        time.Time
}

// Violation statuses.
const (
	ViolationOpen      = "open"
	ViolationNoticed   = "noticed"
	ViolationDisputed  = "disputed"
	ViolationPaid      = "paid"
	ViolationDismissed = "dismissed"
)

// Violation is an unpaid passage by a vehicle without a valid account.
type Violation struct {
	ID            string `gorm:"primaryKey"`
	GantryID      string
	ReadSeq       int64
	PlateState    string
	PlateNumber   string
	OwnerName     string
	AddressLine1  string
	AddressLine2  string
	City          string
	Region        string
	PostalCode    string
	TollCents     int64
	FeeCents      int64
	Status        string
	NoticeRef     string
	NoticeCount   int
	LastNoticedAt *time.Time
	ImageURL      string
	PassedAt      time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// AmountDue is the toll plus administrative fee.
func (v *Violation) AmountDue() int64 { return v.TollCents + v.FeeCents }

// Dispute is a customer's challenge to a violation.
type Dispute struct {
	ID          string `gorm:"primaryKey"`
	ViolationID string
	Reason      string
	Evidence    string
	Status      string
	SubmittedBy string
	CreatedAt   time.Time
}

// LowBalanceAlert records that a customer was told their balance is low.
type LowBalanceAlert struct {
	AccountID string    `gorm:"primaryKey"`
	AlertDate time.Time `gorm:"primaryKey;type:date"`
	Channel   string
	MessageID string
	SentAt    time.Time
}

// IdempotencyRecord is a claimed idempotency key and its stored result.
type IdempotencyRecord struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	ResourceID   string
	ResponseCode int
	ResponseBody []byte
	CreatedAt    time.Time
}

// InboxMessage records a message that a consumer has processed.
type InboxMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}
