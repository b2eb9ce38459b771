package flows

import (
	"time"

	"github.com/google/uuid"
)

type RegistrationInput struct {
	OrderID uuid.UUID
}

type RegistrationResult struct {
	DomainID  uuid.UUID
	ExpiresAt time.Time
}

type ChargeResult struct {
	AccountID  uuid.UUID
	DomainName string
	PaymentID  uuid.UUID
	Status     string
	Amount     int64
	Currency   string
}

type RegistryCreateResult struct {
	ROID        string
	CreatedAt   time.Time
	ExpiresAt   time.Time
	Nameservers []string
}

type RecordRegistrationInput struct {
	OrderID  uuid.UUID
	Registry RegistryCreateResult
}

type RefundInput struct {
	OrderID uuid.UUID
	Reason  string
}

type TransferInput struct {
	TransferID uuid.UUID
	OrderID    uuid.UUID
	AuthCode   string
}

// RegistryOutcome is the signal sent when the registry reports the result of
// a pending transfer.
type RegistryOutcome struct {
	Approved bool
	Reason   string
	At       time.Time
}

type RenewalInput struct {
	DomainID       uuid.UUID
	Years          int
	Trigger        string
	CycleExpiresAt time.Time
}

type RenewAtRegistryResult struct {
	Pending bool
}

type ExtendInput struct {
	DomainID       uuid.UUID
	Years          int
	Trigger        string
	CycleExpiresAt time.Time
}

type InvoiceInput struct {
	AccountID   uuid.UUID
	DomainID    uuid.UUID
	PaymentID   uuid.UUID
	Description string
	AmountCents int64
	Currency    string
}

type ReceiptInput struct {
	AccountID   uuid.UUID
	DomainName  string
	PaymentID   uuid.UUID
	InvoiceID   string
	AmountCents int64
	Currency    string
	NewExpiry   time.Time
}
