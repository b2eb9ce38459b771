package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/store"
)

// AdjustmentRequest is a manual credit or debit entered by driver support.
type AdjustmentRequest struct {
	DriverID  uuid.UUID
	Amount    int64
	Currency  string
	Reason    string
	TicketRef string
	Agent     string
}

// Adjuster applies manual adjustments to driver ledgers.
type Adjuster interface {
	Adjust(ctx context.Context, req AdjustmentRequest) (db.Adjustment, error)
}

type adjuster struct {
	sqldb  *sql.DB
	log    *slog.Logger
	maxAbs int64
}

// NewAdjuster returns an Adjuster. maxAbs bounds a single adjustment.
func NewAdjuster(sqldb *sql.DB, log *slog.Logger, maxAbs int64) Adjuster {
	return &adjuster{sqldb: sqldb, log: log, maxAbs: maxAbs}
}

// ErrAdjustmentTooLarge is returned for adjustments above the per-entry cap.
var ErrAdjustmentTooLarge = errors.New("adjustment exceeds limit")

func (a *adjuster) Adjust(ctx context.Context, req AdjustmentRequest) (db.Adjustment, error) {
	if req.Amount == 0 {
		return db.Adjustment{}, fmt.Errorf("%w: zero amount", ErrIncomplete)
	}
	if abs(req.Amount) > a.maxAbs {
		return db.Adjustment{}, ErrAdjustmentTooLarge
	}
	adj := db.Adjustment{
		ID:          uuid.New(),
		DriverID:    req.DriverID,
		AmountCents: req.Amount,
		Currency:    req.Currency,
		Reason:      req.Reason,
		TicketRef:   req.TicketRef,
		CreatedBy:   req.Agent,
	}
	err := store.WithTx(ctx, a.sqldb, func(q *db.Queries) error {
		if err := q.InsertAdjustment(ctx, db.InsertAdjustmentParams{
			ID:          adj.ID,
			DriverID:    adj.DriverID,
			AmountCents: adj.AmountCents,
			Currency:    adj.Currency,
			Reason:      adj.Reason,
			TicketRef:   adj.TicketRef,
			CreatedBy:   adj.CreatedBy,
		}); err != nil {
			return fmt.Errorf("insert adjustment: %w", err)
		}
		entry, err := NewEntry(adj.DriverID, KindAdjustment).
			ID(adj.ID.String()).
			Amount(adj.AmountCents, adj.Currency).
			Source("adjustment", req.TicketRef).
			Memo(req.Reason).
			Build()
		if err != nil {
			return err
		}
		_, err = Post(ctx, q, entry)
		return err
	})
	if err != nil {
		return db.Adjustment{}, err
	}
	a.log.InfoContext(ctx, "manual adjustment applied",
		"adjustment_id", adj.ID, "driver_id", adj.DriverID, "amount", adj.AmountCents, "agent", req.Agent)
	return adj, nil
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
