package billing

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/liftwell-systems/liftcare/internal/store"
)

// Charge is an amount added to a contract's invoice for a period.
type Charge struct {
	ContractID  uuid.UUID
	Kind        string // "renewal_fee", "setup_fee", "parts", ...
	AmountCents int64
	Period      string
}

// Ledger posts charges for the monthly run to pick up.
type Ledger struct {
	q *store.Queries
}

// NewLedger returns a ledger writing through pool.
func NewLedger(pool *pgxpool.Pool) *Ledger {
	return &Ledger{q: store.New(pool)}
}

// Post records a charge.
func (l *Ledger) Post(ctx context.Context, c Charge) error {
	if c.AmountCents <= 0 {
		return fmt.Errorf("ledger: non-positive charge %d", c.AmountCents)
	}
	return l.q.InsertContractCharge(ctx, store.InsertContractChargeParams{
		ContractID:  c.ContractID,
		Kind:        c.Kind,
		AmountCents: c.AmountCents,
		Period:      c.Period,
	})
}
