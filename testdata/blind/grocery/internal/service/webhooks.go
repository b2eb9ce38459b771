package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/payments"
)

type WebhookService struct {
	tx       TxRunner
	refunds  RefundStore
	payments PaymentStore
	orders   OrderStore
	loyalty  *LoyaltyService
	log      *slog.Logger
}

func NewWebhookService(tx TxRunner, refunds RefundStore, pays PaymentStore, orders OrderStore, loyalty *LoyaltyService, log *slog.Logger) *WebhookService {
	return &WebhookService{tx: tx, refunds: refunds, payments: pays, orders: orders, loyalty: loyalty, log: log}
}

// HandlePaymentEvent applies a processor webhook.
func (s *WebhookService) HandlePaymentEvent(ctx context.Context, ev payments.Event) error {
	var err error
	switch ev.Type {
	case payments.EventRefundSucceeded:
		err = s.refundSucceeded(ctx, ev)
	case payments.EventRefundFailed:
		err = s.refundFailed(ctx, ev)
	case payments.EventAuthorisationExpired:
		err = s.authorisationExpired(ctx, ev)
	case payments.EventDisputeOpened:
		err = s.disputeOpened(ctx, ev)
	default:
		s.log.InfoContext(ctx, "ignoring webhook", "type", ev.Type, "event_id", ev.ID)
	}
	if err != nil {
		return fmt.Errorf("webhook %s (%s): %w", ev.ID, ev.Type, err)
	}
	return nil
}

func (s *WebhookService) refundFor(ctx context.Context, data payments.RefundEventData) (*domain.Refund, error) {
	if id, err := uuid.Parse(data.Metadata["refund_id"]); err == nil {
		return s.refunds.Get(ctx, id)
	}
	return s.refunds.ByProcessorRef(ctx, data.RefundID)
}

func (s *WebhookService) refundSucceeded(ctx context.Context, ev payments.Event) error {
	var data payments.RefundEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return fmt.Errorf("%w: %v", domain.ErrInvalid, err)
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		rf, err := s.refundFor(ctx, data)
		if err != nil {
			if errors.Is(err, domain.ErrNotFound) {
				s.log.WarnContext(ctx, "refund webhook for unknown refund", "processor_ref", data.RefundID)
				return nil
			}
			return err
		}
		if err := s.refunds.MarkSucceeded(ctx, rf.ID, data.RefundID); err != nil {
			return err
		}
		order, err := s.orders.Get(ctx, rf.OrderID)
		if err != nil {
			return err
		}
		if order.Status != domain.OrderDelivered {
			// Points are only earned on delivery; nothing to take back.
			return nil
		}
		return s.loyalty.Clawback(ctx, order.CustomerID, &order.ID, data.AmountPence, "refund "+data.RefundID)
	})
}

func (s *WebhookService) refundFailed(ctx context.Context, ev payments.Event) error {
	var data payments.RefundEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return fmt.Errorf("%w: %v", domain.ErrInvalid, err)
	}
	rf, err := s.refundFor(ctx, data)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	s.log.WarnContext(ctx, "refund failed at processor", "refund_id", rf.ID, "reason", data.FailureReason)
	return s.refunds.MarkFailed(ctx, rf.ID, data.FailureReason)
}

func (s *WebhookService) authorisationExpired(ctx context.Context, ev payments.Event) error {
	var data payments.AuthorisationEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return fmt.Errorf("%w: %v", domain.ErrInvalid, err)
	}
	auth, err := s.payments.ByProcessorRef(ctx, data.AuthorisationRef)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if auth.Status != domain.PaymentAuthorised {
		return nil
	}
	// An authorisation that lapses before picking finishes cannot be
	// captured; ops re-authorise or cancel from the back office.
	s.log.WarnContext(ctx, "authorisation expired before capture", "order_id", auth.OrderID, "auth_id", auth.ID)
	return s.payments.MarkVoided(ctx, auth.ID)
}

func (s *WebhookService) disputeOpened(ctx context.Context, ev payments.Event) error {
	var data payments.DisputeEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return fmt.Errorf("%w: %v", domain.ErrInvalid, err)
	}
	auth, err := s.payments.ByProcessorRef(ctx, data.AuthorisationRef)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	s.log.WarnContext(ctx, "card dispute opened", "order_id", auth.OrderID, "dispute_id", data.DisputeID, "reason", data.Reason)
	return nil
}
