package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/provider/tillpoint"
	"github.com/encorelane/resale/internal/repository"
)

const sourceTillpoint = "tillpoint"

// PaymentEventService applies Tillpoint webhook events.
type PaymentEventService interface {
	Handle(ctx context.Context, evt tillpoint.WebhookEvent) error
}

type paymentEventService struct {
	uow       repository.UnitOfWork
	orders    repository.OrderRepository
	processed repository.ProcessedEventRepository
	log       *slog.Logger
	handlers  map[string]func(context.Context, tillpoint.WebhookEvent) error
}

func NewPaymentEventService(
	uow repository.UnitOfWork,
	orders repository.OrderRepository,
	processed repository.ProcessedEventRepository,
	log *slog.Logger,
) PaymentEventService {
	s := &paymentEventService{uow: uow, orders: orders, processed: processed, log: log}
	s.handlers = map[string]func(context.Context, tillpoint.WebhookEvent) error{
		"charge.succeeded": s.onChargeSucceeded,
		"refund.succeeded": s.onRefundSucceeded,
	}
	return s
}

func (s *paymentEventService) Handle(ctx context.Context, evt tillpoint.WebhookEvent) error {
	h, ok := s.handlers[evt.Type]
	if !ok {
		s.log.DebugContext(ctx, "ignoring tillpoint event", "type", evt.Type, "event_id", evt.ID)
		return nil
	}
	return h(ctx, evt)
}

// onChargeSucceeded puts the seller's proceeds into escrow and queues the
// ticket transfer. It can arrive before or after PayOrder has marked the
// order paid, so it does not key off the order's status.
func (s *paymentEventService) onChargeSucceeded(ctx context.Context, evt tillpoint.WebhookEvent) error {
	var data tillpoint.ChargeEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("%w: charge payload: %v", domain.ErrInvalid, err)
	}
	orderID := data.Metadata["order_id"]
	if orderID == "" {
		s.log.WarnContext(ctx, "charge without order metadata", "charge_id", data.ChargeID)
		return nil
	}

	seen, err := s.processed.Exists(ctx, sourceTillpoint, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		if err := r.Orders.RecordCharge(ctx, order.ID, data.ChargeID); err != nil {
			return err
		}
		listing, err := r.Listings.Get(ctx, order.ListingID)
		if err != nil {
			return err
		}
		if err := r.Listings.MarkSold(ctx, listing.ID); err != nil {
			return err
		}
		proceeds := order.SellerProceeds()
		if err := r.Escrow.Hold(ctx, &domain.EscrowHold{
			ID:          ids.Prefixed("esc"),
			OrderID:     order.ID,
			SellerID:    listing.SellerID,
			AmountCents: proceeds,
		}); err != nil {
			return err
		}
		if err := r.Balances.AddPending(ctx, listing.SellerID, proceeds); err != nil {
			return err
		}
		if err := r.Ledger.Append(ctx, listing.SellerID, &order.ID, "sale_pending", proceeds); err != nil {
			return err
		}
		if err := r.Outbox.Add(ctx, jobs.TypeTransferTickets, jobs.TransferTicketsPayload{OrderID: order.ID}); err != nil {
			return err
		}
		return s.processed.Record(ctx, sourceTillpoint, evt.ID)
	})
}

func (s *paymentEventService) onRefundSucceeded(ctx context.Context, evt tillpoint.WebhookEvent) error {
	var data tillpoint.RefundEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("%w: refund payload: %v", domain.ErrInvalid, err)
	}
	return s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		orderID, settled, err := r.Refunds.Settle(ctx, data.RefundID)
		if err != nil || !settled {
			return err
		}
		_, err = r.Orders.Transition(ctx, orderID,
			[]domain.OrderStatus{domain.OrderRefundPending, domain.OrderDisputed}, domain.OrderRefunded)
		return err
	})
}
