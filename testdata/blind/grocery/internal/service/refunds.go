package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/payments"
)

type RefundService struct {
	tx        TxRunner
	orders    OrderStore
	payments  PaymentStore
	refunds   RefundStore
	picking   PickingStore
	processor PaymentProcessor
	newID     UUIDGen
	now       Clock
	log       *slog.Logger
}

type RefundDeps struct {
	Tx        TxRunner
	Orders    OrderStore
	Payments  PaymentStore
	Refunds   RefundStore
	Picking   PickingStore
	Processor PaymentProcessor
	NewID     UUIDGen
	Now       Clock
	Log       *slog.Logger
}

func NewRefundService(d RefundDeps) *RefundService {
	return &RefundService{
		tx: d.Tx, orders: d.Orders, payments: d.Payments, refunds: d.Refunds, picking: d.Picking,
		processor: d.Processor, newID: d.NewID, now: d.Now, log: d.Log,
	}
}

type AgentRefundInput struct {
	OrderID     uuid.UUID
	TicketID    string
	AgentID     string
	LineIDs     []uuid.UUID
	AmountPence int64
	Reason      string
}

// AgentRefund refunds items a customer reported missing or damaged after
// delivery. Support raises one refund per ticket.
func (s *RefundService) AgentRefund(ctx context.Context, in AgentRefundInput) (*domain.Refund, error) {
	if in.TicketID == "" || in.AgentID == "" {
		return nil, fmt.Errorf("%w: ticket and agent are required", domain.ErrInvalid)
	}
	order, err := s.orders.Get(ctx, in.OrderID)
	if err != nil {
		return nil, err
	}
	auth, err := s.payments.ByOrder(ctx, order.ID)
	if err != nil {
		return nil, err
	}
	if auth.Status != domain.PaymentCaptured {
		return nil, fmt.Errorf("%w: payment has not been captured", domain.ErrConflict)
	}

	amount := in.AmountPence
	if amount == 0 {
		amount = linesTotal(order, in.LineIDs)
	}
	if amount <= 0 {
		return nil, fmt.Errorf("%w: nothing to refund", domain.ErrInvalid)
	}
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		reason = "missing_items"
	}

	rf, err := s.refunds.Ensure(ctx, &domain.Refund{
		ID:           s.newID(),
		OrderID:      order.ID,
		OperationKey: "ticket:" + in.TicketID,
		Reason:       reason,
		AmountPence:  amount,
		Status:       domain.RefundPending,
		RequestedBy:  in.AgentID,
	})
	if err != nil {
		return nil, fmt.Errorf("record refund: %w", err)
	}
	if rf.Status != domain.RefundPending {
		return rf, nil
	}
	refunded, err := s.refunds.RefundedTotal(ctx, order.ID)
	if err != nil {
		return nil, err
	}
	if refunded > auth.CapturedPence {
		_ = s.refunds.MarkFailed(ctx, rf.ID, "exceeds captured amount")
		return nil, fmt.Errorf("%w: refunds would exceed the captured amount", domain.ErrInvalid)
	}

	res, err := s.processor.Refund(ctx, payments.RefundRequest{
		IdempotencyKey:   payments.NewIdempotencyKey("rfnd"),
		AuthorisationRef: auth.Ref(),
		AmountPence:      rf.AmountPence,
		Reason:           rf.Reason,
		Metadata:         map[string]string{"refund_id": rf.ID.String(), "ticket": in.TicketID},
	})
	if err != nil {
		return nil, s.refundFailed(ctx, rf, err)
	}
	if err := s.refunds.MarkSucceeded(ctx, rf.ID, res.ID); err != nil {
		return nil, err
	}
	rf.Status, rf.ProcessorRef = domain.RefundSucceeded, &res.ID
	s.log.InfoContext(ctx, "agent refund issued", "refund_id", rf.ID, "order_id", order.ID, "amount", rf.AmountPence)
	return rf, nil
}

func linesTotal(order *domain.Order, ids []uuid.UUID) int64 {
	want := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	var total int64
	for _, l := range order.Lines {
		if want[l.ID] {
			total += l.TotalPence()
		}
	}
	return total
}

// refundFailed marks the refund failed when the processor refused it for
// good; other errors leave it pending for the sweeper.
func (s *RefundService) refundFailed(ctx context.Context, rf *domain.Refund, cause error) error {
	var apiErr *payments.APIError
	if errors.As(cause, &apiErr) && !apiErr.Retryable() {
		if err := s.refunds.MarkFailed(ctx, rf.ID, apiErr.Code); err != nil {
			return errors.Join(cause, err)
		}
	}
	return fmt.Errorf("refund %s: %w", rf.ID, cause)
}

// submit sends a recorded refund to the processor. The refund row's id is
// the idempotency key, so however often this runs for the same row the
// customer is refunded once.
func (s *RefundService) submit(ctx context.Context, rf *domain.Refund, auth *domain.PaymentAuthorisation) error {
	res, err := s.processor.Refund(ctx, payments.RefundRequest{
		IdempotencyKey:   payments.KeyFor("refund", rf.ID.String()),
		AuthorisationRef: auth.Ref(),
		AmountPence:      rf.AmountPence,
		Reason:           rf.Reason,
		Metadata:         map[string]string{"refund_id": rf.ID.String()},
	})
	if err != nil {
		return s.refundFailed(ctx, rf, err)
	}
	return s.refunds.MarkSucceeded(ctx, rf.ID, res.ID)
}

// RefundShortage records a refund for a line the store could not supply
// after the payment was captured, and sends it.
func (s *RefundService) RefundShortage(ctx context.Context, order *domain.Order, line *domain.OrderLine, missingQty int, eventID string) error {
	auth, err := s.payments.ByOrder(ctx, order.ID)
	if err != nil {
		return err
	}
	if auth.Status != domain.PaymentCaptured {
		// Not captured yet: the capture is worked out from what was picked.
		return nil
	}
	rf, err := s.refunds.Ensure(ctx, &domain.Refund{
		ID:           s.newID(),
		OrderID:      order.ID,
		OperationKey: "shortage:" + order.ID.String() + ":" + line.ID.String(),
		Reason:       "item_unavailable",
		AmountPence:  int64(missingQty) * line.UnitPricePence,
		Status:       domain.RefundPending,
		RequestedBy:  "picking:" + eventID,
	})
	if err != nil {
		return err
	}
	if rf.Status != domain.RefundPending {
		return nil
	}
	return s.submit(ctx, rf, auth)
}

// DecideSubstitution records the customer's answer to a substitution. A
// rejected substitution on a captured order is refunded.
func (s *RefundService) DecideSubstitution(ctx context.Context, customerID, orderID, subID uuid.UUID, decision string) (*domain.Substitution, error) {
	if decision != domain.SubstitutionKept && decision != domain.SubstitutionBack {
		return nil, fmt.Errorf("%w: decision must be accepted or rejected", domain.ErrInvalid)
	}
	var (
		sub  *domain.Substitution
		rf   *domain.Refund
		auth *domain.PaymentAuthorisation
	)
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		order, err := s.orders.Lock(ctx, orderID)
		if err != nil {
			return err
		}
		if order.CustomerID != customerID {
			return domain.ErrNotFound
		}
		if sub, err = s.picking.Substitution(ctx, orderID, subID); err != nil {
			return err
		}
		if sub.Decision != nil {
			if *sub.Decision != decision {
				return fmt.Errorf("%w: substitution was already %s", domain.ErrConflict, *sub.Decision)
			}
		} else {
			if _, err := s.picking.Decide(ctx, sub.ID, decision, s.now()); err != nil {
				return err
			}
			sub.Decision = &decision
		}
		if decision != domain.SubstitutionBack {
			return nil
		}
		if auth, err = s.payments.ByOrder(ctx, orderID); err != nil {
			return err
		}
		if auth.Status != domain.PaymentCaptured {
			return nil
		}
		rf, err = s.refunds.Ensure(ctx, &domain.Refund{
			ID:           s.newID(),
			OrderID:      orderID,
			OperationKey: "substitution:" + sub.ID.String(),
			Reason:       "substitution_rejected",
			AmountPence:  int64(sub.Quantity) * sub.UnitPricePence,
			Status:       domain.RefundPending,
			RequestedBy:  "customer:" + customerID.String(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	if rf != nil && rf.Status == domain.RefundPending {
		if err := s.submit(ctx, rf, auth); err != nil {
			return nil, err
		}
	}
	return sub, nil
}

// RetryStale resends refunds that are still pending after the given age,
// typically because the processor timed out on the first try.
func (s *RefundService) RetryStale(ctx context.Context, age time.Duration) (int, error) {
	stale, err := s.refunds.Stale(ctx, s.now().Add(-age), 50)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, rf := range stale {
		auth, err := s.payments.ByOrder(ctx, rf.OrderID)
		if err != nil {
			s.log.WarnContext(ctx, "refund sweep: no authorisation", "refund_id", rf.ID, "err", err)
			continue
		}
		if err := s.submit(ctx, rf, auth); err != nil {
			s.log.WarnContext(ctx, "refund sweep: still failing", "refund_id", rf.ID, "err", err)
			continue
		}
		done++
	}
	return done, nil
}
