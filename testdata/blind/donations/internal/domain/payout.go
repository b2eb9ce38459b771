package domain

import (
	"time"

	"github.com/uptrace/bun"
)

// Payout statuses.
const (
	PayoutRequested = "requested"
	PayoutSent      = "sent"
	PayoutFailed    = "failed"
)

// Payout is a transfer of held funds to a charity's bank account.
type Payout struct {
	bun.BaseModel `bun:"table:payouts,alias:po"`

	ID            string     `bun:"id,pk,type:uuid" json:"id"`
	CharityID     string     `bun:"charity_id,type:uuid,notnull" json:"charity_id"`
	Reference     string     `bun:"reference,notnull" json:"reference"`
	Period        *string    `bun:"period" json:"period,omitempty"`
	AmountPence   int64      `bun:"amount_pence,notnull" json:"amount_pence"`
	Status        string     `bun:"status,notnull" json:"status"`
	BankReference *string    `bun:"bank_reference" json:"bank_reference,omitempty"`
	RequestedBy   string     `bun:"requested_by,notnull" json:"requested_by"`
	RequestedAt   time.Time  `bun:"requested_at,notnull,default:current_timestamp" json:"requested_at"`
	SentAt        *time.Time `bun:"sent_at" json:"sent_at,omitempty"`
}
