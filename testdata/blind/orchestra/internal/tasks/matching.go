package tasks

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
)

// MatchReconciler credits employer matching payments.
type MatchReconciler interface {
	ReconcileMatches(ctx context.Context, since time.Time) (int, error)
}

// MatchingHandler runs the daily MatchPoint reconciliation.
type MatchingHandler struct {
	Reconciler MatchReconciler
	Log        *slog.Logger
}

// defaultLookback overlaps consecutive daily runs so late postings at
// MatchPoint are not missed.
const defaultLookback = 72

func (h *MatchingHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[ReconcilePayload](t)
	if err != nil {
		return err
	}
	hours := p.LookbackHours
	if hours <= 0 {
		hours = defaultLookback
	}
	n, err := h.Reconciler.ReconcileMatches(ctx, time.Now().Add(-time.Duration(hours)*time.Hour))
	if err != nil {
		return err
	}
	h.Log.InfoContext(ctx, "matching gifts reconciled", "newly_paid", n)
	return nil
}
