// Package inventory tracks stock on hand and reservations.
package inventory

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/store"
)

var (
	ErrUnknownNDC  = errors.New("inventory: unknown NDC")
	ErrBadReason   = errors.New("inventory: unsupported adjustment reason")
	ErrZeroDelta   = errors.New("inventory: delta must be non-zero")
	ErrNegativeQty = errors.New("inventory: adjustment would make stock negative")
)

var reasons = map[string]bool{
	"received":         true,
	"damaged":          true,
	"expired":          true,
	"count_correction": true,
	"patient_return":   true,
	"recall":           true,
}

// Service implements stock operations.
type Service struct {
	store store.Store
}

// NewService builds a Service.
func NewService(st store.Store) *Service {
	return &Service{store: st}
}

// AdjustmentInput is a manual stock adjustment entered by a pharmacist.
// Reference is the paperwork it came from (invoice line, destruction log
// entry, recall notice) and is unique across adjustments.
type AdjustmentInput struct {
	NDC       string `json:"ndc"`
	Delta     int32  `json:"delta"`
	Reason    string `json:"reason"`
	Reference string `json:"reference"`
	StaffID   string `json:"-"`
}

// Adjust applies a manual adjustment and returns the updated item.
func (s *Service) Adjust(ctx context.Context, in AdjustmentInput) (db.InventoryItem, error) {
	if !reasons[in.Reason] {
		return db.InventoryItem{}, ErrBadReason
	}
	if in.Delta == 0 {
		return db.InventoryItem{}, ErrZeroDelta
	}

	var item db.InventoryItem
	err := s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		cur, err := q.GetInventoryItem(ctx, in.NDC)
		if store.IsNotFound(err) {
			return ErrUnknownNDC
		}
		if err != nil {
			return err
		}
		if cur.OnHand+in.Delta < 0 {
			return ErrNegativeQty
		}
		if err := q.InsertInventoryAdjustment(ctx, db.InsertInventoryAdjustmentParams{
			ID:        uuid.New(),
			Ndc:       in.NDC,
			Delta:     in.Delta,
			Reason:    in.Reason,
			Reference: store.Text(in.Reference),
			CreatedBy: in.StaffID,
		}); err != nil {
			return fmt.Errorf("insert adjustment: %w", err)
		}
		if _, err := q.AdjustOnHand(ctx, db.AdjustOnHandParams{Ndc: in.NDC, Delta: in.Delta}); err != nil {
			return err
		}
		item, err = q.GetInventoryItem(ctx, in.NDC)
		return err
	})
	return item, err
}

// ReconcileResult summarises a nightly run.
type ReconcileResult struct {
	RunID       uuid.UUID
	LinesPosted int
}

// Reconcile posts wholesaler receipt lines (ASNs scanned in at the dock) to
// stock on hand, then recomputes reservations from open orders.
func (s *Service) Reconcile(ctx context.Context, runID uuid.UUID, batch int) (ReconcileResult, error) {
	log := logx.From(ctx).With(slog.String("run_id", runID.String()))
	if batch <= 0 {
		batch = 500
	}
	if err := s.store.CreateReconciliationRun(ctx, runID); err != nil {
		return ReconcileResult{}, err
	}

	receipts, err := s.store.ListUnpostedReceipts(ctx, int32(batch))
	if err != nil {
		return ReconcileResult{}, fmt.Errorf("list receipts: %w", err)
	}

	posted := make([]uuid.UUID, 0, len(receipts))
	for _, r := range receipts {
		n, err := s.store.AdjustOnHand(ctx, db.AdjustOnHandParams{Ndc: r.Ndc, Delta: r.Quantity})
		if err != nil {
			return ReconcileResult{}, fmt.Errorf("post %s/%d: %w", r.AsnNumber, r.LineNumber, err)
		}
		if n == 0 {
			return ReconcileResult{}, fmt.Errorf("post %s/%d: %w: %s", r.AsnNumber, r.LineNumber, ErrUnknownNDC, r.Ndc)
		}
		posted = append(posted, r.ID)
	}

	if len(posted) > 0 {
		if err := s.store.MarkReceiptsPosted(ctx, db.MarkReceiptsPostedParams{Ids: posted, PostedRun: store.NullUUID(runID)}); err != nil {
			return ReconcileResult{}, fmt.Errorf("mark receipts posted: %w", err)
		}
	}
	if err := s.store.RecomputeReserved(ctx); err != nil {
		return ReconcileResult{}, fmt.Errorf("recompute reserved: %w", err)
	}
	if err := s.store.CompleteReconciliationRun(ctx, db.CompleteReconciliationRunParams{ID: runID, LinesPosted: int32(len(posted))}); err != nil {
		return ReconcileResult{}, err
	}
	log.Info("stock reconciliation complete", slog.Int("lines_posted", len(posted)))
	return ReconcileResult{RunID: runID, LinesPosted: len(posted)}, nil
}
