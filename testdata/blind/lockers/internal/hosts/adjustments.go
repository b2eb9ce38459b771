package hosts

import (
	"context"
	"fmt"
	"time"

	"github.com/rs/xid"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/store"
)

type AdjustmentInput struct {
	HostID      string
	AmountCents int64
	Reason      string
	CreatedBy   string
}

type Adjustment struct {
	ID          string    `json:"id"`
	HostID      string    `json:"host_id"`
	AmountCents int64     `json:"amount_cents"`
	Reason      string    `json:"reason"`
	CreatedAt   time.Time `json:"created_at"`
}

// Adjustments records manual credits and debits that are settled with the
// host's next payout (damage compensation, electricity refunds, ...).
type Adjustments struct {
	repos store.Repos
}

func NewAdjustments(repos store.Repos) *Adjustments {
	return &Adjustments{repos: repos}
}

func (a *Adjustments) Add(ctx context.Context, in AdjustmentInput) (Adjustment, error) {
	if in.AmountCents == 0 || in.Reason == "" {
		return Adjustment{}, fmt.Errorf("%w: amount and reason are required", domain.ErrInvalidArgument)
	}
	if _, err := a.repos.Hosts.Get(ctx, in.HostID); err != nil {
		return Adjustment{}, err
	}
	adj := Adjustment{
		ID:          "adj_" + xid.New().String(),
		HostID:      in.HostID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		CreatedAt:   time.Now().UTC(),
	}
	if err := a.repos.Hosts.InsertAdjustment(ctx, adj.ID, adj.HostID, adj.AmountCents, adj.Reason, in.CreatedBy); err != nil {
		return Adjustment{}, err
	}
	return adj, nil
}
