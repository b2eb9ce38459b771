package domain

import (
	"time"

	"github.com/google/uuid"
)

type LedgerEntryType string

const (
	LedgerSale       LedgerEntryType = "sale"
	LedgerRefund     LedgerEntryType = "refund"
	LedgerReturn     LedgerEntryType = "return"
	LedgerAdjustment LedgerEntryType = "adjustment"
	LedgerPayout     LedgerEntryType = "payout"
)

// LedgerEntry is one line of an artist's revenue-share ledger. AmountCents
// is the artist's share (signed); GrossCents is the fan-facing amount it
// was derived from. (EntryType, SourceRef) is unique.
type LedgerEntry struct {
	ID          uuid.UUID
	ArtistID    uuid.UUID
	OrderItemID *uuid.UUID
	EntryType   LedgerEntryType
	GrossCents  int64
	AmountCents int64
	Currency    string
	SourceRef   string
	Memo        string
	CreatedAt   time.Time
}

type Adjustment struct {
	ID          uuid.UUID
	ArtistID    uuid.UUID
	AmountCents int64
	Currency    string
	Reason      string
	CreatedBy   string
	CreatedAt   time.Time
}

type PayoutStatus string

const (
	PayoutPending PayoutStatus = "pending"
	PayoutPaid    PayoutStatus = "paid"
	PayoutFailed  PayoutStatus = "failed"
)

type Payout struct {
	ID               uuid.UUID
	ArtistID         uuid.UUID
	PeriodStart      time.Time
	PeriodEnd        time.Time
	AmountCents      int64
	Currency         string
	Status           PayoutStatus
	StripeTransferID string
	CreatedAt        time.Time
}

type Statement struct {
	ID               uuid.UUID
	ArtistID         uuid.UUID
	PeriodMonth      time.Time
	SalesCents       int64
	RefundsCents     int64
	AdjustmentsCents int64
	PayoutsCents     int64
	ClosingCents     int64
	Currency         string
}

// LedgerTotals are per-type sums over a period.
type LedgerTotals struct {
	Sales       int64
	Refunds     int64
	Returns     int64
	Adjustments int64
	Payouts     int64
}

func (t LedgerTotals) Net() int64 {
	return t.Sales + t.Refunds + t.Returns + t.Adjustments + t.Payouts
}
