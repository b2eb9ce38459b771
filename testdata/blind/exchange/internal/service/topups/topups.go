// Package topups funds fiat balances by card.
package topups

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/provider/cardproc"
	"github.com/halyard/funding/internal/store"
)

// Processor is the card processor API.
type Processor interface {
	CreateCharge(ctx context.Context, p cardproc.ChargeParams, opts ...cardproc.Option) (*cardproc.Charge, error)
	CreateRefund(ctx context.Context, p cardproc.RefundParams, opts ...cardproc.Option) (*cardproc.Refund, error)
}

var (
	// ErrKeyRequired means the client did not send an Idempotency-Key.
	ErrKeyRequired = errors.New("topup: Idempotency-Key header is required")
	// ErrNotRefundable means the top-up cannot be refunded.
	ErrNotRefundable = errors.New("topup: not refundable")
)

// Service implements card top-ups.
type Service struct {
	store     store.Store
	processor Processor
	returnURL string
	log       *slog.Logger
}

// New wires a Service.
func New(st store.Store, p Processor, returnURL string, log *slog.Logger) *Service {
	return &Service{store: st, processor: p, returnURL: returnURL, log: log}
}

// Request is a customer's top-up.
type Request struct {
	UserID          string
	IdempotencyKey  string
	Amount          int64
	Currency        string
	PaymentMethodID string
}

// Create records the top-up, then charges the card. The top-up id is the
// processor idempotency key, so a retried request that finds the row
// still pending charges again under the same key and gets the original
// charge back.
func (s *Service) Create(ctx context.Context, in Request) (*store.CardTopup, error) {
	if in.IdempotencyKey == "" {
		return nil, ErrKeyRequired
	}
	t := &store.CardTopup{
		ID:              ids.Prefixed("top"),
		UserID:          in.UserID,
		IdempotencyKey:  in.IdempotencyKey,
		Amount:          in.Amount,
		Currency:        strings.ToUpper(in.Currency),
		PaymentMethodID: in.PaymentMethodID,
		Status:          store.TopupPending,
	}
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		acct, err := r.Ledger.EnsureAccount(ctx, in.UserID, t.Currency)
		if err != nil {
			return err
		}
		t.AccountID = acct.ID
		claimed, err := r.Topups.Claim(ctx, t)
		if err != nil {
			return err
		}
		if !claimed {
			existing, err := r.Topups.GetByKey(ctx, in.UserID, in.IdempotencyKey)
			if err != nil {
				return err
			}
			t = existing
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if t.Status != store.TopupPending {
		return t, nil
	}

	charge, err := s.processor.CreateCharge(ctx, cardproc.ChargeParams{
		Amount:        t.Amount,
		Currency:      t.Currency,
		PaymentMethod: t.PaymentMethodID,
		Customer:      t.UserID,
		Description:   "Halyard balance top-up",
		ReturnURL:     s.returnURL + "?topup=" + t.ID,
		Metadata:      map[string]string{"topup_id": t.ID},
	}, cardproc.WithIdempotencyKey(t.ID))
	if err != nil {
		return nil, fmt.Errorf("charge card: %w", err)
	}
	status := store.TopupProcessing
	switch charge.Status {
	case cardproc.ChargeRequiresAction:
		status = store.TopupRequiresAction
	case cardproc.ChargeFailed:
		status = store.TopupFailed
	}
	if err := s.store.Repos().Topups.AttachCharge(ctx, t.ID, charge.ID, status, charge.RedirectURL); err != nil {
		return nil, err
	}
	t.ChargeID, t.Status, t.RedirectURL = &charge.ID, status, charge.RedirectURL
	return t, nil
}
