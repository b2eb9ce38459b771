package settlement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
)

// Reconciler matches imported settlement lines against our payouts and
// records an adjustment for every difference.
type Reconciler struct {
	store Store
	log   *slog.Logger
}

func NewReconciler(store Store, log *slog.Logger) *Reconciler {
	return &Reconciler{store: store, log: log}
}

func (r *Reconciler) Run(ctx context.Context) error {
	files, err := r.store.FilesInStatus(ctx, "imported", 20)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := r.reconcileFile(ctx, f); err != nil {
			return fmt.Errorf("reconcile %s/%s: %w", f.Partner, f.ID, err)
		}
	}
	return nil
}

func (r *Reconciler) reconcileFile(ctx context.Context, f File) error {
	start := time.Now()
	lines, err := r.store.Lines(ctx, f.ID)
	if err != nil {
		return err
	}
	status := make(map[uuid.UUID]string, len(lines))
	var adjustments int
	for _, l := range lines {
		p, err := r.store.PayoutByRef(ctx, f.Partner, l.PartnerRef)
		if err != nil {
			return err
		}
		adj := diff(f, l, p)
		if adj == nil {
			status[l.ID] = "matched"
			continue
		}
		status[l.ID] = "mismatched"
		adj.ID = uuid.New()
		if err := r.store.InsertAdjustment(ctx, *adj); err != nil {
			return err
		}
		adjustments++
	}
	if err := r.store.FinishReconciliation(ctx, f.ID, status); err != nil {
		return err
	}
	r.log.Info("settlement file reconciled", "file_id", f.ID, "lines", len(lines), "adjustments", adjustments, "took", time.Since(start))
	return nil
}

// diff returns the adjustment needed for one line, or nil when it matches.
func diff(f File, l Line, p *PayoutRow) *Adjustment {
	base := Adjustment{FileID: f.ID, LineID: l.ID, Currency: l.Currency}
	switch {
	case p == nil:
		base.Kind = "unknown_payout"
		base.Amount = l.Amount
	case p.Currency != l.Currency:
		base.Kind = "currency_mismatch"
		base.PayoutID = &p.ID
		base.Amount = l.Amount
	case p.Amount != l.Amount:
		base.Kind = "amount_difference"
		base.PayoutID = &p.ID
		base.Amount = l.Amount - p.Amount
	case p.Status != "paid":
		base.Kind = "settled_not_paid"
		base.PayoutID = &p.ID
		base.Amount = l.Amount
	default:
		return nil
	}
	return &base
}
