package domain

import "time"

type PayoutStatus string

const (
	PayoutPending   PayoutStatus = "pending"
	PayoutSubmitted PayoutStatus = "submitted"
	PayoutSettled   PayoutStatus = "settled"
	PayoutReturned  PayoutStatus = "returned"
)

type Payout struct {
	ID          string
	CampaignID  string
	AmountCents int64
	FeeCents    int64
	Currency    string
	Status      PayoutStatus
	EndToEndID  string
	TransferRef string
	SubmittedAt *time.Time
	SettledAt   *time.Time
	CreatedAt   time.Time
}

type LedgerKind string

const (
	LedgerPayout         LedgerKind = "payout"
	LedgerPayoutReturned LedgerKind = "payout_returned"
)

type LedgerEntry struct {
	ID          string
	CampaignID  string
	PayoutID    string
	Kind        LedgerKind
	AmountCents int64
	Memo        string
	CreatedAt   time.Time
}

// PlatformFee is the platform's cut of a successful campaign, in basis points.
const PlatformFeeBps = 500

func FeeFor(collected int64) int64 {
	return collected * PlatformFeeBps / 10_000
}
