package domain

import "time"

// EscrowAccount holds the funds for one order.
type EscrowAccount struct {
	ID              string     `db:"id" json:"id"`
	OrderID         string     `db:"order_id" json:"order_id"`
	Status          string     `db:"status" json:"status"`
	InterestBearing bool       `db:"interest_bearing" json:"interest_bearing"`
	InterestRateBps int        `db:"interest_rate_bps" json:"interest_rate_bps"`
	AccruedThrough  *time.Time `db:"accrued_through" json:"accrued_through,omitempty"`
	OpenedAt        time.Time  `db:"opened_at" json:"opened_at"`
}

// Deposit is money received into escrow, typically earnest money.
type Deposit struct {
	ID          string    `db:"id" json:"id"`
	AccountID   string    `db:"account_id" json:"account_id"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Method      string    `db:"method" json:"method"`
	PayerName   string    `db:"payer_name" json:"payer_name"`
	Reference   string    `db:"reference" json:"reference"`
	ReceivedAt  time.Time `db:"received_at" json:"received_at"`
}

// Hold earmarks funds that may not be disbursed.
type Hold struct {
	ID          string     `db:"id" json:"id"`
	AccountID   string     `db:"account_id" json:"account_id"`
	AmountCents int64      `db:"amount_cents" json:"amount_cents"`
	Reason      string     `db:"reason" json:"reason"`
	RequestKey  string     `db:"request_key" json:"-"`
	CreatedAt   time.Time  `db:"created_at" json:"created_at"`
	ReleasedAt  *time.Time `db:"released_at" json:"released_at,omitempty"`
}

// Ledger entry types.
const (
	EntryDeposit      = "deposit"
	EntryHold         = "hold"
	EntryDisbursement = "disbursement"
	EntryWireReturn   = "wire_return"
	EntryInterest     = "interest"
	EntrySettlement   = "settlement"
)

// LedgerEntry is one signed movement on an escrow account.
type LedgerEntry struct {
	ID          string    `db:"id"`
	AccountID   string    `db:"account_id"`
	EntryType   string    `db:"entry_type"`
	AmountCents int64     `db:"amount_cents"`
	RefType     string    `db:"ref_type"`
	RefID       string    `db:"ref_id"`
	Memo        string    `db:"memo"`
	PostedAt    time.Time `db:"posted_at"`
}

// OutboxEvent is a domain event written in the same transaction as the
// change it describes and relayed to Kafka later.
type OutboxEvent struct {
	ID          string     `db:"id"`
	Topic       string     `db:"topic"`
	EventKey    string     `db:"event_key"`
	Payload     []byte     `db:"payload"`
	CreatedAt   time.Time  `db:"created_at"`
	PublishedAt *time.Time `db:"published_at"`
}
