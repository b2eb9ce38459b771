package payments

import (
	"context"
	"time"

	"github.com/kickoffbet/sportsbook/internal/providers/psp"
)

// abandonAfter is how long a deposit may stay unknown to the PSP before it is
// closed as abandoned (the player never finished 3-D Secure).
const abandonAfter = 24 * time.Hour

// Reconcile asks the PSP about deposits that have been open for a while and
// applies the outcome through the same transitions as the webhooks.
func (s *service) Reconcile(ctx context.Context, olderThanSeconds, batch int) (int, error) {
	stale, err := s.store.Stale(ctx, s.DB, olderThanSeconds, batch)
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, d := range stale {
		if err := ctx.Err(); err != nil {
			return changed, err
		}
		p, err := s.PSP.FindByReference(ctx, d.ID)
		if err != nil {
			s.Log.Warn("reconcile: psp lookup failed", "deposit", d.ID, "err", err)
			continue
		}
		var ok bool
		switch {
		case p == nil:
			if time.Since(d.CreatedAt) > abandonAfter {
				ok, err = s.Fail(ctx, d.ID, "abandoned")
			}
		case p.Status == psp.StatusCaptured:
			ok, err = s.Confirm(ctx, d.ID, p.ID, p.Amount)
		case p.Status == psp.StatusDeclined:
			ok, err = s.Fail(ctx, d.ID, p.DeclineCode)
		}
		if err != nil {
			s.Log.Error("reconcile: apply outcome", "deposit", d.ID, "psp", psp.Describe(p), "err", err)
			continue
		}
		if ok {
			changed++
		}
	}
	return changed, nil
}
