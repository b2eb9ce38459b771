// Package domain holds the fuel-card program's core types.
package domain

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

// RebateMethod is how a fleet receives its monthly rebate.
type RebateMethod string

const (
	RebateBank            RebateMethod = "bank"
	RebateStatementCredit RebateMethod = "statement_credit"
)

// Fleet is a customer company that owns cards and employs drivers.
type Fleet struct {
	ID                 uuid.UUID
	Name               string
	NetworkAccountID   string
	BankAccountRef     string
	RebateMethod       RebateMethod
	RebateRateBps      int
	RebateAccruedCents int64
	CreatedAt          time.Time
}

// Driver is a person a card is issued to.
type Driver struct {
	ID             uuid.UUID
	FleetID        uuid.UUID
	FullName       string
	PhoneE164      string
	EmployeeNumber *string
	Status         string
	CreatedAt      time.Time
}

// CardStatus is the lifecycle state of a card.
type CardStatus string

const (
	CardIssued    CardStatus = "issued"
	CardActive    CardStatus = "active"
	CardSuspended CardStatus = "suspended"
	CardReplaced  CardStatus = "replaced"
	CardClosed    CardStatus = "closed"
)

// Card is a fuel card as we track it; the network holds the PAN.
type Card struct {
	ID               uuid.UUID
	FleetID          uuid.UUID
	DriverID         uuid.UUID
	NetworkCardID    string
	Last4            string
	Status           CardStatus
	DailyLimitCents  int64
	PerTxnLimitCents int64
	SpentTodayCents  int64
	PendingCents     int64
	ReplacedBy       *uuid.UUID
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Usable reports whether the card may authorize purchases.
func (c Card) Usable() bool { return c.Status == CardActive }

// StoredResponse is an API response kept for Idempotency-Key replay.
type StoredResponse struct {
	StatusCode int
	Body       json.RawMessage
}

// Decision is the answer we give the network for an authorization request.
type Decision string

const (
	Approved Decision = "approved"
	Declined Decision = "declined"
)

// Authorization is a network authorization request and our decision on it.
type Authorization struct {
	NetworkAuthID string
	CardID        uuid.UUID
	MerchantID    string
	MCC           string
	AmountCents   int64
	Decision      Decision
	DeclineReason string
	DecidedAt     time.Time
	SettledAt     *time.Time
}

// CardEvent is a lifecycle notification from the card network.
type CardEvent struct {
	NetworkEventID string
	NetworkCardID  string
	Type           string
	OccurredAt     time.Time
}

// SettlementFileStatus tracks a merchant's nightly file through the pipeline.
type SettlementFileStatus string

const (
	FilePending  SettlementFileStatus = "pending"
	FileIngested SettlementFileStatus = "ingested"
	FilePosted   SettlementFileStatus = "posted"
	FileRemitted SettlementFileStatus = "remitted"
	FileRejected SettlementFileStatus = "rejected"
)

// SettlementFile is one merchant's nightly settlement file.
type SettlementFile struct {
	ID           uuid.UUID
	MerchantID   string
	BusinessDate time.Time
	ObjectKey    string
	Status       SettlementFileStatus
	LineCount    int
	TotalCents   int64
}

// SettlementLine is one cleared fuel purchase in a settlement file.
type SettlementLine struct {
	ID            string
	FileID        uuid.UUID
	LineNo        int
	NetworkAuthID string
	CardID        *uuid.UUID
	FleetID       *uuid.UUID
	ProductCode   string
	GallonsMilli  int64
	AmountCents   int64
	TransactedAt  time.Time
}

// FleetTotal is the settled amount owed by one fleet in a file.
type FleetTotal struct {
	FleetID     uuid.UUID
	AmountCents int64
}

// Merchant is a fuel merchant that settles with the program.
type Merchant struct {
	ID             string
	Name           string
	BankAccountRef string
}

// LedgerEntry is one side of a double-entry posting.
type LedgerEntry struct {
	Account     string
	FileID      *uuid.UUID
	Direction   string
	AmountCents int64
	Memo        string
}

// Remittance records a payment to a merchant for a settlement file.
type Remittance struct {
	ID             uuid.UUID
	FileID         uuid.UUID
	MerchantID     string
	AmountCents    int64
	BankTransferID string
}

// RebateStatus is where a monthly rebate is in its lifecycle.
type RebateStatus string

const (
	RebateAccrued  RebateStatus = "accrued"
	RebatePaid     RebateStatus = "paid"
	RebateCredited RebateStatus = "credited"
)

// Rebate is a fleet's volume rebate for one calendar month.
type Rebate struct {
	ID           uuid.UUID
	FleetID      uuid.UUID
	Period       string
	GallonsMilli int64
	AmountCents  int64
	Method       RebateMethod
	Status       RebateStatus
}

// PayoutAttempt is an audit row for one attempt at paying a rebate.
type PayoutAttempt struct {
	ID         uuid.UUID
	RebateID   uuid.UUID
	JobAttempt int
}

// FraudHold blocks a card pending review.
type FraudHold struct {
	ID         uuid.UUID
	CardID     uuid.UUID
	Reason     string
	PlacedBy   string
	PlacedAt   time.Time
	ReleasedAt *time.Time
	ReleasedBy *string
}

// FraudFlag records a rule hit against an authorization.
type FraudFlag struct {
	NetworkAuthID string
	CardID        uuid.UUID
	Rule          string
	Score         int
}

// Velocity summarises recent card activity for the velocity rules.
type Velocity struct {
	Count       int
	AmountCents int64
	Merchants   int
}

// AlertStatus tracks an SMS alert.
type AlertStatus string

const (
	AlertQueued    AlertStatus = "queued"
	AlertSent      AlertStatus = "sent"
	AlertDelivered AlertStatus = "delivered"
	AlertFailed    AlertStatus = "failed"
)

// SMSAlert is a text message to a driver.
type SMSAlert struct {
	ID                int64
	DriverID          uuid.UUID
	CardID            *uuid.UUID
	Template          string
	PhoneE164         string
	Body              string
	Status            AlertStatus
	ProviderMessageID *string
}

// SMSReceipt is a delivery report from the SMS gateway.
type SMSReceipt struct {
	ProviderMessageID string
	Status            string
	ErrorCode         string
	ReportedAt        time.Time
}
