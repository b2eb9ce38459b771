// Package fines assesses, collects, waives and refunds library fines.
package fines

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/provider/stripepay"
	"github.com/shelfwise-labs/branchline/internal/store"
)

// Service holds the fine workflows. Row ids, idempotency keys and the
// clock are injected.
type Service struct {
	Tx       store.TxRunner
	Fines    store.FineRepository
	Payments store.PaymentRepository
	Patrons  store.PatronRepository
	Ledger   store.LedgerRepository
	Outbox   store.OutboxRepository
	Stripe   stripepay.Gateway
	Log      *slog.Logger

	NewID  ids.Generator
	NewKey ids.Generator
	Now    clock.Func

	Policy Policy
}

// Policy is the fine schedule set by the library board.
type Policy struct {
	Currency            string
	DailyFineCents      int64
	MaxOverdueFineCents int64
	AutopayMinimumCents int64
}

// Waive clears a fine at a staff member's discretion.
func (s *Service) Waive(ctx context.Context, fineID, staffID, note string) (domain.Fine, error) {
	var out domain.Fine
	err := s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		f, waived, err := s.Fines.Waive(ctx, tx, fineID)
		if err != nil {
			return err
		}
		out = f
		if !waived {
			if f.Status == domain.FineWaived {
				return nil
			}
			return fmt.Errorf("fine %s is %s: %w", fineID, f.Status, domain.ErrInvalidState)
		}
		if err := s.Patrons.AdjustBalance(ctx, tx, f.PatronID, -f.AmountCents); err != nil {
			return err
		}
		return s.Fines.AddEvent(ctx, tx, domain.FineEvent{
			FineID: f.ID, Action: "waived", StaffID: staffID, Note: note, CreatedAt: s.Now(),
		})
	})
	return out, err
}

func sum(fs []domain.Fine) int64 {
	var total int64
	for _, f := range fs {
		total += f.AmountCents
	}
	return total
}

// pick returns the open fines named in ids, or all of them when ids is
// empty.
func pick(open []domain.Fine, ids []string) ([]domain.Fine, error) {
	if len(ids) == 0 {
		return open, nil
	}
	byID := make(map[string]domain.Fine, len(open))
	for _, f := range open {
		byID[f.ID] = f
	}
	out := make([]domain.Fine, 0, len(ids))
	for _, id := range ids {
		f, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("%w: fine %s is not open", domain.ErrValidation, id)
		}
		out = append(out, f)
	}
	return out, nil
}

func fineIDs(fs []domain.Fine) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.ID
	}
	return out
}
