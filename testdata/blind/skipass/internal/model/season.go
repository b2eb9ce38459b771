package model

import (
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/uptrace/bun"
)

const (
	ContractActive    = "active"
	ContractDefaulted = "defaulted"

	InstalmentScheduled  = "scheduled"
	InstalmentProcessing = "processing"
	InstalmentPaid       = "paid"
	InstalmentFailed     = "failed"
)

type SeasonContract struct {
	bun.BaseModel `bun:"table:season_contracts,alias:sc"`

	ID          string    `bun:"id,pk"`
	AccountID   string    `bun:"account_id,type:uuid"`
	ProductID   string    `bun:"product_id,notnull"`
	Season      string    `bun:"season,notnull"`
	HolderName  string    `bun:"holder_name,notnull"`
	TotalCents  int64     `bun:"total_cents,notnull"`
	Currency    string    `bun:"currency,notnull"`
	Instalments int       `bun:"instalments,notnull"`
	Status      string    `bun:"status,notnull"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type Instalment struct {
	bun.BaseModel `bun:"table:instalments,alias:i"`

	ID              int64      `bun:"id,pk,autoincrement"`
	ContractID      string     `bun:"contract_id,notnull"`
	Seq             int        `bun:"seq,notnull"`
	DueDate         time.Time  `bun:"due_date,type:date"`
	AmountCents     int64      `bun:"amount_cents,notnull"`
	Status          string     `bun:"status,notnull"`
	Attempts        int        `bun:"attempts,notnull"`
	PaymentIntentID *string    `bun:"payment_intent_id"`
	LastError       string     `bun:"last_error,notnull"`
	PaidAt          *time.Time `bun:"paid_at"`
}

// NewSeasonContract starts a contract for one pass holder. IDs are ULIDs so
// contracts sort by creation time in the back office.
func NewSeasonContract(accountID string, p *Product, holder string, instalments int) *SeasonContract {
	return &SeasonContract{
		ID:          ulid.Make().String(),
		AccountID:   accountID,
		ProductID:   p.ID,
		Season:      p.Season,
		HolderName:  holder,
		TotalCents:  p.PriceCents,
		Currency:    p.Currency,
		Instalments: instalments,
		Status:      ContractActive,
	}
}

// Schedule splits the contract total into monthly instalments starting at
// first. The remainder from integer division goes on the first instalment.
func (c *SeasonContract) Schedule(first time.Time) []*Instalment {
	n := int64(c.Instalments)
	if n < 1 {
		n = 1
	}
	base := c.TotalCents / n
	rem := c.TotalCents - base*n
	out := make([]*Instalment, 0, n)
	for i := int64(0); i < n; i++ {
		amt := base
		if i == 0 {
			amt += rem
		}
		out = append(out, &Instalment{
			ContractID:  c.ID,
			Seq:         int(i) + 1,
			DueDate:     first.AddDate(0, int(i), 0),
			AmountCents: amt,
			Status:      InstalmentScheduled,
		})
	}
	return out
}
