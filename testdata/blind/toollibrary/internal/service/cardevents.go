package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/provider/cardpay"
	"github.com/shedshare/toolsd/internal/store"
)

// cardEventHandler applies one processor event type inside a transaction.
type cardEventHandler func(ctx context.Context, tx store.Store, evt cardpay.Event, obj cardpay.ObjectRef) error

type cardEventService struct {
	store    store.Store
	now      clock.Clock
	newID    ids.Generator
	log      *slog.Logger
	handlers map[string]cardEventHandler
}

func NewCardEventService(st store.Store, now clock.Clock, newID ids.Generator, log *slog.Logger) CardEventService {
	s := &cardEventService{store: st, now: now, newID: newID, log: log.With("svc", "card-events")}
	s.handlers = map[string]cardEventHandler{
		cardpay.EventAuthorizationExpired: s.onAuthorizationExpired,
		cardpay.EventAuthorizationVoided:  s.onAuthorizationVoided,
		cardpay.EventChargeFailed:         s.onChargeFailed,
		cardpay.EventChargeRefunded:       s.onChargeRefunded,
		cardpay.EventDisputeOpened:        s.onDisputeOpened,
	}
	return s
}

const providerCardpay = "cardpay"

// Handle applies a processor webhook event.
func (s *cardEventService) Handle(ctx context.Context, evt cardpay.Event, obj cardpay.ObjectRef) error {
	seen, err := s.store.Inbox().Seen(ctx, providerCardpay, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	handler, ok := s.handlers[evt.Type]
	if !ok {
		s.log.DebugContext(ctx, "ignoring card event", "type", evt.Type, "event_id", evt.ID)
		return nil
	}
	// Claim the event first so that two concurrent deliveries of the same
	// event do not both apply it.
	if _, err := s.store.Inbox().Accept(ctx, providerCardpay, evt.ID, evt.Type, s.now()); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(tx store.Store) error {
		return handler(ctx, tx, evt, obj)
	})
}

// depositFor finds the deposit an authorization event refers to.
func depositFor(ctx context.Context, tx store.Store, obj cardpay.ObjectRef) (*domain.Deposit, error) {
	authID := obj.ID
	if obj.AuthorizationID != "" {
		authID = obj.AuthorizationID
	}
	return tx.Deposits().GetByAuthorization(ctx, authID)
}

func (s *cardEventService) onAuthorizationExpired(ctx context.Context, tx store.Store, evt cardpay.Event, obj cardpay.ObjectRef) error {
	d, err := depositFor(ctx, tx, obj)
	if err != nil {
		return err
	}
	ok, err := tx.Deposits().SetStatus(ctx, d.ID, []domain.DepositStatus{domain.DepositHeld}, domain.DepositExpired, s.now())
	if err != nil || !ok {
		return err
	}
	return tx.Loans().AppendEvent(ctx, domain.LoanEvent{LoanID: d.LoanID, Kind: "deposit_expired", Detail: evt.ID, OccurredAt: s.now()})
}

func (s *cardEventService) onAuthorizationVoided(ctx context.Context, tx store.Store, evt cardpay.Event, obj cardpay.ObjectRef) error {
	d, err := depositFor(ctx, tx, obj)
	if err != nil {
		return err
	}
	_, err = tx.Deposits().SetStatus(ctx, d.ID, []domain.DepositStatus{domain.DepositHeld}, domain.DepositReleased, s.now())
	return err
}

func (s *cardEventService) onChargeFailed(ctx context.Context, tx store.Store, evt cardpay.Event, obj cardpay.ObjectRef) error {
	feeID := obj.Metadata["fee_id"]
	if feeID == "" {
		return nil
	}
	return tx.Fees().AppendAttempt(ctx, &domain.FeePaymentAttempt{
		ID:          s.newID(),
		FeeID:       feeID,
		Source:      "webhook",
		Outcome:     "failed",
		ErrorDetail: obj.FailureCode,
		AttemptedAt: s.now(),
	})
}

// onChargeRefunded books a negative member charge so the member's ledger
// matches the processor after a support refund.
func (s *cardEventService) onChargeRefunded(ctx context.Context, tx store.Store, evt cardpay.Event, obj cardpay.ObjectRef) error {
	loanID := obj.Metadata["loan_id"]
	if loanID == "" {
		return nil
	}
	loan, err := tx.Loans().Get(ctx, loanID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "refund for unknown loan", "loan_id", loanID, "event_id", evt.ID)
		return nil
	}
	if err != nil {
		return err
	}
	if err := tx.Fees().InsertMemberCharge(ctx, &domain.MemberCharge{
		ID:           s.newID(),
		MemberID:     loan.MemberID,
		LoanID:       loan.ID,
		Kind:         "refund",
		AmountCents:  -obj.AmountCents,
		ProcessorRef: nullString(obj.ID),
		Reason:       "processor refund " + evt.ID,
		CreatedAt:    s.now(),
	}); err != nil {
		return err
	}
	return tx.Loans().AppendEvent(ctx, domain.LoanEvent{
		LoanID: loan.ID, Kind: "refunded", Detail: fmt.Sprintf("charge=%s amount=%d", obj.ID, obj.AmountCents), OccurredAt: s.now(),
	})
}

func (s *cardEventService) onDisputeOpened(ctx context.Context, tx store.Store, evt cardpay.Event, obj cardpay.ObjectRef) error {
	loanID := obj.Metadata["loan_id"]
	if loanID == "" {
		return nil
	}
	return tx.Loans().AppendEvent(ctx, domain.LoanEvent{LoanID: loanID, Kind: "dispute_opened", Detail: obj.ID, OccurredAt: s.now()})
}
