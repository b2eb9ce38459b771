// Package hosts covers what the network owes site hosts: per-pickup usage,
// manual adjustments, and the monthly payout run.
package hosts

import (
	"context"
	"time"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/store"
)

// UsageRecorder counts pickups per host and month; hosts are paid a rate
// per pickup on top of their base fee.
type UsageRecorder struct {
	tx store.TxRunner
}

func NewUsageRecorder(tx store.TxRunner) *UsageRecorder {
	return &UsageRecorder{tx: tx}
}

func (u *UsageRecorder) RecordPickup(ctx context.Context, hostID string, at time.Time) error {
	return u.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		return r.Hosts.IncrementUsage(ctx, hostID, domain.MonthStart(at))
	})
}
