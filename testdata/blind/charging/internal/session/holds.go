package session

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/logx"
)

// HoldReaper releases pre-authorisations of sessions that never started
// (driver walked away, cable never connected).
type HoldReaper struct {
	db       *sql.DB
	repo     *Repo
	payments payments.Gateway
	maxAge   time.Duration
}

// NewHoldReaper wires the reaper.
func NewHoldReaper(db *sql.DB, repo *Repo, pg payments.Gateway, maxAge time.Duration) *HoldReaper {
	return &HoldReaper{db: db, repo: repo, payments: pg, maxAge: maxAge}
}

// Run cancels holds older than maxAge. The cancel is keyed on the session
// so a re-run replays Stripe's earlier answer instead of failing.
func (h *HoldReaper) Run(ctx context.Context, now time.Time) (int, error) {
	stale, err := h.repo.ListStaleHolds(ctx, h.db, now.Add(-h.maxAge), 100)
	if err != nil {
		return 0, err
	}
	released := 0
	for _, s := range stale {
		if _, err := h.payments.CancelHold(ctx, s.PaymentIntentID.String, "cancel-hold:"+s.ID); err != nil {
			logx.From(ctx).Error("cancel hold failed", "session_id", s.ID, "err", err)
			continue
		}
		ok, err := h.repo.Transition(ctx, h.db, s.ID, StatusCancelled, StatusAuthorized)
		if err != nil {
			return released, fmt.Errorf("cancel session %s: %w", s.ID, err)
		}
		if ok {
			released++
		}
	}
	return released, nil
}
