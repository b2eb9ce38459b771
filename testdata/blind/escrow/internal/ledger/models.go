package ledger

import (
	"time"

	"github.com/uptrace/bun"
)

// Accounts.
const (
	AccountStripeCash  = "cash:stripe"
	AccountOperating   = "cash:operating"
	AccountEscrow      = "liability:escrow"
	AccountSellers     = "liability:sellers"
	AccountFees        = "revenue:fees"
	AccountAdjustments = "expense:adjustment"
)

// Journal entry kinds.
const (
	KindPlatformFee   = "platform_fee"
	KindSellerPayout  = "seller_payout"
	KindAdjustment    = "adjustment"
	KindFeeSettlement = "fee_settlement"
)

// JournalEntry groups balanced postings.
type JournalEntry struct {
	bun.BaseModel `bun:"table:journal_entries,alias:je"`

	ID        string    `bun:"id,pk"`
	Kind      string    `bun:"kind,notnull"`
	Reference string    `bun:"reference,notnull"`
	Memo      string    `bun:"memo,notnull"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`

	Postings []*Posting `bun:"rel:has-many,join:id=entry_id"`
}

// Posting is one side of a journal entry: debits are positive, credits
// negative.
type Posting struct {
	bun.BaseModel `bun:"table:postings,alias:p"`

	ID          int64  `bun:"id,pk,autoincrement"`
	EntryID     string `bun:"entry_id,notnull"`
	AccountCode string `bun:"account_code,notnull"`
	AmountCents int64  `bun:"amount_cents,notnull"`
	Currency    string `bun:"currency,notnull"`
}

// AdjustmentKey remembers the Idempotency-Key of a manual adjustment.
type AdjustmentKey struct {
	bun.BaseModel `bun:"table:ledger_adjustment_keys"`

	Key       string    `bun:"key,pk"`
	EntryID   string    `bun:"entry_id,notnull"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

// FeeSettlement marks a day's platform fees as swept.
type FeeSettlement struct {
	bun.BaseModel `bun:"table:fee_settlements"`

	SettlementDate time.Time `bun:"settlement_date,pk,type:date"`
	EntryID        string    `bun:"entry_id,notnull"`
	TotalCents     int64     `bun:"total_cents,notnull"`
	CreatedAt      time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}
