package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/ledger"
	"github.com/terravault/carbonreg/internal/payments"
	"github.com/terravault/carbonreg/internal/repo"
	"github.com/terravault/carbonreg/internal/tasks"
)

// PayoutRequest is the input of PayoutService.Request.
type PayoutRequest struct {
	DeveloperID uuid.UUID
	RequestKey  string
	AmountCents int64
	Currency    string
}

// PayoutService pays developers their earnings.
type PayoutService interface {
	Request(ctx context.Context, in PayoutRequest) (*domain.Payout, error)
	Send(ctx context.Context, payoutID uuid.UUID) error
	Reverse(ctx context.Context, stripeTransferID string) error
}

type payoutService struct {
	payouts    repo.Payouts
	developers repo.Developers
	ledger     *ledger.Ledger
	gateway    payments.Gateway
	enqueuer   tasks.Enqueuer
	log        *slog.Logger
}

// NewPayoutService returns the PayoutService.
func NewPayoutService(p repo.Payouts, d repo.Developers, l *ledger.Ledger, g payments.Gateway, q tasks.Enqueuer, log *slog.Logger) PayoutService {
	return &payoutService{payouts: p, developers: d, ledger: l, gateway: g, enqueuer: q, log: log}
}

// Request books a payout against the developer's available balance and
// queues it. The payout ID is derived from the developer and request key.
func (s *payoutService) Request(ctx context.Context, in PayoutRequest) (*domain.Payout, error) {
	if strings.TrimSpace(in.RequestKey) == "" || in.AmountCents <= 0 {
		return nil, fail(ErrInvalid, "Idempotency-Key and a positive amount are required")
	}
	if in.Currency == "" {
		in.Currency = "usd"
	}
	now := time.Now().UTC()
	p := &domain.Payout{
		ID:          ids.Derive("payout", in.DeveloperID.String(), in.RequestKey),
		DeveloperID: in.DeveloperID,
		RequestKey:  in.RequestKey,
		AmountCents: in.AmountCents,
		Currency:    in.Currency,
		Status:      domain.PayoutRequested,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	err := db.Transaction(ctx, func(ctx context.Context) error {
		created, err := s.payouts.CreateIfAbsent(ctx, p)
		if err != nil {
			return err
		}
		if !created {
			existing, err := s.payouts.Get(ctx, p.ID)
			if err != nil {
				return err
			}
			p = existing
			return nil
		}
		return s.ledger.ReserveDeveloperFunds(ctx, in.DeveloperID, in.Currency, in.AmountCents)
	})
	if errors.Is(err, ledger.ErrInsufficient) {
		return nil, fail(ErrInsufficient, "available balance is below %d", in.AmountCents)
	}
	if err != nil {
		return nil, err
	}
	if p.Status == domain.PayoutRequested {
		if err := s.enqueuer.Enqueue(ctx, tasks.SendPayout(p.ID)); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// transferKey namespaces Stripe transfer keys by payout.
func transferKey(p *domain.Payout) string {
	return fmt.Sprintf("payout-%s-%s", p.ID, xid.New())
}

// Send transfers a requested payout to the developer's connected account.
func (s *payoutService) Send(ctx context.Context, payoutID uuid.UUID) error {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return notFound(err, "payout")
	}
	if p.Status != domain.PayoutRequested {
		return nil
	}
	dev, err := s.developers.Get(ctx, p.DeveloperID)
	if err != nil {
		return err
	}
	if dev.StripeAccountID == nil {
		return fail(ErrState, "developer %s has not finished Stripe onboarding", dev.ID)
	}
	tr, err := s.gateway.Transfer(ctx, payments.TransferRequest{
		AmountCents:    p.AmountCents,
		Currency:       p.Currency,
		Destination:    *dev.StripeAccountID,
		TransferGroup:  "payout_" + p.ID.String(),
		IdempotencyKey: transferKey(p),
		Metadata:       map[string]string{"payout_id": p.ID.String(), "developer_id": dev.ID.String()},
	})
	if err != nil {
		return err
	}
	moved, err := s.payouts.Transition(ctx, p.ID, domain.PayoutRequested, domain.PayoutPaid,
		map[string]any{"stripe_transfer_id": tr.ID})
	if err != nil {
		return err
	}
	if !moved {
		s.log.WarnContext(ctx, "payout changed state during transfer", "payout", p.ID, "transfer", tr.ID)
	}
	return nil
}

// Reverse handles a transfer reversed by Stripe: the payout is marked
// reversed and the funds return to the developer's balance. It must run in
// the transaction that claims the Stripe event.
func (s *payoutService) Reverse(ctx context.Context, stripeTransferID string) error {
	p, err := s.payouts.ByStripeTransfer(ctx, stripeTransferID)
	if db.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	moved, err := s.payouts.Transition(ctx, p.ID, domain.PayoutPaid, domain.PayoutReversed, nil)
	if err != nil || !moved {
		return err
	}
	return s.ledger.RestoreDeveloperFunds(ctx, p.DeveloperID, p.Currency, p.AmountCents)
}
