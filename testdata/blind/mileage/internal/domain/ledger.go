package domain

import "time"

// EntryKind classifies ledger entries.
type EntryKind string

const (
	KindAccrual    EntryKind = "accrual"
	KindRedemption EntryKind = "redemption"
	KindTransfer   EntryKind = "transfer"
	KindPurchase   EntryKind = "purchase"
	KindRefund     EntryKind = "refund"
	KindExpiry     EntryKind = "expiry"
	KindBonus      EntryKind = "bonus"
	KindGift       EntryKind = "gift"
	KindAdjustment EntryKind = "adjustment"
)

// Posting is a request to change a member's balance. Miles is signed:
// negative for debits. SourceRef, when set, identifies the business event so
// that the same event cannot be posted twice.
type Posting struct {
	MemberID  string
	Kind      EntryKind
	Miles     int64
	Source    string
	SourceRef string
	Memo      string
	TierMiles int64
	ExpiresAt *time.Time
}

// LedgerEntry is a stored posting.
type LedgerEntry struct {
	ID        int64
	MemberID  string
	Kind      EntryKind
	Miles     int64
	Source    string
	SourceRef string
	Memo      string
	ExpiresAt *time.Time
	CreatedAt time.Time
}

// AccrualExpiry returns the expiry date of miles earned at t (36 months).
func AccrualExpiry(t time.Time) *time.Time {
	e := t.AddDate(3, 0, 0)
	return &e
}
