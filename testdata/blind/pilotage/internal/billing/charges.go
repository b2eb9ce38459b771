// Package billing turns pilotage work into dues, invoices agents and
// applies their payments.
package billing

import (
	"context"

	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/db"
)

// Kinds of dues line.
const (
	KindPilotage     = "pilotage"
	KindDetention    = "detention"
	KindCancellation = "cancellation"
	KindTug          = "tug"
)

// Charge is one line of pilotage dues owed by an agent.
type Charge struct {
	JobID       string
	AgentID     string
	Kind        string
	Description string
	AmountCents int64
}

// ChargeRepo writes dues lines.
type ChargeRepo struct {
	q *db.Queries
}

func NewChargeRepo(q *db.Queries) *ChargeRepo {
	return &ChargeRepo{q: q}
}

func (r *ChargeRepo) Add(ctx context.Context, c Charge) error {
	return r.q.InsertDuesLine(ctx, db.InsertDuesLineParams{
		ID:          xid.New().String(),
		JobID:       c.JobID,
		AgentID:     c.AgentID,
		Kind:        c.Kind,
		Description: c.Description,
		AmountCents: c.AmountCents,
	})
}
