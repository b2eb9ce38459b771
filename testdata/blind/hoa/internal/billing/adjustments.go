package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/larchway/hoaops/internal/ledger"
	"github.com/larchway/hoaops/internal/platform/apperr"
)

const scopeAdjustment = "ledger-adjustment"

// AdjustmentRequest is a manager's manual ledger correction: a credit
// (negative) for a waived fee or goodwill, or a debit for a chargeback.
type AdjustmentRequest struct {
	AccountID   uuid.UUID `json:"-"`
	AmountCents int64     `json:"amount_cents"`
	Memo        string    `json:"memo"`
	Actor       string    `json:"-"`
}

// Adjustment is the applied correction.
type Adjustment struct {
	ID          uuid.UUID `json:"id"`
	AccountID   uuid.UUID `json:"account_id"`
	AmountCents int64     `json:"amount_cents"`
	Memo        string    `json:"memo"`
	CreatedBy   string    `json:"created_by"`
	CreatedAt   time.Time `json:"created_at"`
}

// ApplyAdjustment posts a manual ledger entry. A repeated Idempotency-Key
// returns the adjustment recorded for it.
func (s *service) ApplyAdjustment(ctx context.Context, idempotencyKey string, req AdjustmentRequest) (Adjustment, error) {
	if req.AmountCents == 0 {
		return Adjustment{}, apperr.Invalidf("amount_cents must be non-zero")
	}
	if req.Memo == "" {
		return Adjustment{}, apperr.Invalidf("memo is required")
	}
	if idempotencyKey != "" {
		raw, found, err := s.idem.Find(ctx, scopeAdjustment, idempotencyKey)
		if err != nil {
			return Adjustment{}, err
		}
		if found {
			var prev Adjustment
			if err := json.Unmarshal(raw, &prev); err != nil {
				return Adjustment{}, fmt.Errorf("decode stored adjustment: %w", err)
			}
			return prev, nil
		}
	}

	adj := Adjustment{
		ID:          uuid.New(),
		AccountID:   req.AccountID,
		AmountCents: req.AmountCents,
		Memo:        req.Memo,
		CreatedBy:   req.Actor,
		CreatedAt:   s.now().UTC(),
	}
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		if _, err := s.accounts.Get(ctx, req.AccountID); err != nil {
			return err
		}
		return s.ledger.Insert(ctx, ledger.Entry{
			ID:          adj.ID,
			AccountID:   adj.AccountID,
			Kind:        ledger.KindAdjustment,
			AmountCents: adj.AmountCents,
			Memo:        adj.Memo,
			CreatedBy:   adj.CreatedBy,
			CreatedAt:   adj.CreatedAt,
		})
	})
	if err != nil {
		return Adjustment{}, err
	}

	if idempotencyKey != "" {
		raw, _ := json.Marshal(adj)
		if err := s.idem.Save(ctx, scopeAdjustment, idempotencyKey, raw); err != nil {
			return Adjustment{}, fmt.Errorf("store idempotency key: %w", err)
		}
	}
	return adj, nil
}
