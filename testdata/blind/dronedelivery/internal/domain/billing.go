package domain

import (
	"time"

	"github.com/google/uuid"
)

// RefundKind distinguishes automatic refunds from discretionary ones.
type RefundKind string

const (
	RefundFailedDelivery RefundKind = "failed_delivery"
	RefundGoodwill       RefundKind = "goodwill"
)

// RefundStatus tracks the provider side of a refund.
type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

// Refund returns (part of) a delivery fee to the merchant's card.
type Refund struct {
	ID               uuid.UUID
	OrderID          uuid.UUID
	MerchantID       uuid.UUID
	Kind             RefundKind
	AmountCents      int64
	Reason           string
	Status           RefundStatus
	ProviderRefundID string
	CreatedAt        time.Time
}

// InvoiceStatus is the payment state of a monthly invoice.
type InvoiceStatus string

const (
	InvoiceOpen InvoiceStatus = "open"
	InvoicePaid InvoiceStatus = "paid"
	InvoiceVoid InvoiceStatus = "void"
)

// Invoice bills a merchant's accumulated surcharges for one period (YYYY-MM).
type Invoice struct {
	ID          uuid.UUID
	MerchantID  uuid.UUID
	Period      string
	AmountCents int64
	Currency    string
	Status      InvoiceStatus
	ChargeID    string
}

// LedgerEntry is one movement on a merchant's account.
type LedgerEntry struct {
	ID          uuid.UUID
	MerchantID  uuid.UUID
	OrderID     *uuid.UUID
	EntryType   string
	AmountCents int64
	Memo        string
}

// CreditNote is a manual credit granted by operations staff.
type CreditNote struct {
	ID          uuid.UUID
	MerchantID  uuid.UUID
	AmountCents int64
	Reason      string
	IssuedBy    string
	CreatedAt   time.Time
}
