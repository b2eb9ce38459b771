package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// PaymentEventService applies Stripe webhook events for the platform
// account.
type PaymentEventService struct {
	base
	store    ports.Store
	tx       ports.TxRunner
	handlers map[string]eventHandler
}

type eventHandler func(ctx context.Context, st ports.Store, evt ports.PaymentEvent) error

func NewPaymentEventService(store ports.Store, tx ports.TxRunner, log *slog.Logger, opts ...Option) *PaymentEventService {
	s := &PaymentEventService{base: newBase(log.With("svc", "payment-events"), opts), store: store, tx: tx}
	s.handlers = map[string]eventHandler{
		"payment_intent.amount_capturable_updated": s.onAuthorized,
		"payment_intent.payment_failed":            s.onFailed,
		"charge.refunded":                          s.onRefunded,
		"charge.dispute.created":                   s.onDispute,
	}
	return s
}

// Handle applies evt once. Stripe resends events until it gets a 2xx, so
// events already seen are acknowledged without doing anything.
func (s *PaymentEventService) Handle(ctx context.Context, evt ports.PaymentEvent) error {
	h, ok := s.handlers[evt.Type]
	if !ok {
		return nil
	}
	seen, err := s.store.IsProcessed(ctx, "stripe", evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if _, err := s.store.MarkProcessed(ctx, "stripe", evt.ID); err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(st ports.Store) error {
		return h(ctx, st, evt)
	})
}

type piObject struct {
	ID               string            `json:"id"`
	AmountCapturable int64             `json:"amount_capturable"`
	Metadata         map[string]string `json:"metadata"`
	LastError        *struct {
		Code string `json:"code"`
	} `json:"last_payment_error"`
}

func (s *PaymentEventService) onAuthorized(ctx context.Context, st ports.Store, evt ports.PaymentEvent) error {
	var pi piObject
	if err := json.Unmarshal(evt.Object, &pi); err != nil {
		return fmt.Errorf("decode payment_intent: %w", err)
	}
	if pi.AmountCapturable == 0 {
		return nil
	}
	order, err := st.GetOrderByPaymentIntent(ctx, pi.ID)
	if err != nil {
		return err
	}
	now := s.now()
	moved, err := st.MarkAuthorized(ctx, order.ID, now, now.Add(authTTL))
	if err != nil || !moved {
		return err
	}
	return s.enqueue(ctx, st, domain.TopicOrders, order.ID.String(), "order.authorized:"+order.ID.String(),
		map[string]string{"type": "order.authorized", "order_id": order.ID.String()})
}

func (s *PaymentEventService) onFailed(ctx context.Context, st ports.Store, evt ports.PaymentEvent) error {
	var pi piObject
	if err := json.Unmarshal(evt.Object, &pi); err != nil {
		return fmt.Errorf("decode payment_intent: %w", err)
	}
	order, err := st.GetOrderByPaymentIntent(ctx, pi.ID)
	if errors.Is(err, domain.ErrNotFound) {
		// Renewal intents we already replaced.
		return nil
	}
	if err != nil {
		return err
	}
	moved, err := st.TransitionStatus(ctx, order.ID, []domain.OrderStatus{domain.OrderPendingAuthorization}, domain.OrderFailed)
	if err != nil || !moved {
		return err
	}
	items, err := st.ListOrderItems(ctx, order.ID)
	if err != nil {
		return err
	}
	for _, it := range items {
		if it.Status != domain.ItemActive {
			continue
		}
		if err := st.ReleaseReservation(ctx, it.SKU, it.Quantity); err != nil {
			return err
		}
		if _, err := st.SetItemStatus(ctx, it.ID, domain.ItemActive, domain.ItemVoid); err != nil {
			return err
		}
	}
	return nil
}

type chargeObject struct {
	ID            string `json:"id"`
	PaymentIntent string `json:"payment_intent"`
	Refunds       struct {
		Data []struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"data"`
	} `json:"refunds"`
}

func (s *PaymentEventService) onRefunded(ctx context.Context, st ports.Store, evt ports.PaymentEvent) error {
	var ch chargeObject
	if err := json.Unmarshal(evt.Object, &ch); err != nil {
		return fmt.Errorf("decode charge: %w", err)
	}
	for _, r := range ch.Refunds.Data {
		if r.Status != "succeeded" {
			continue
		}
		if _, err := st.MarkRefundSucceededByStripeID(ctx, r.ID); err != nil {
			return err
		}
	}
	return nil
}

type disputeObject struct {
	ID            string `json:"id"`
	PaymentIntent string `json:"payment_intent"`
	Amount        int64  `json:"amount"`
	Reason        string `json:"reason"`
	Status        string `json:"status"`
}

func (s *PaymentEventService) onDispute(ctx context.Context, st ports.Store, evt ports.PaymentEvent) error {
	var d disputeObject
	if err := json.Unmarshal(evt.Object, &d); err != nil {
		return fmt.Errorf("decode dispute: %w", err)
	}
	order, err := st.GetOrderByPaymentIntent(ctx, d.PaymentIntent)
	if err != nil {
		return err
	}
	inserted, err := st.InsertDispute(ctx, domain.Dispute{
		ID:              s.newID(),
		OrderID:         order.ID,
		StripeDisputeID: d.ID,
		Reason:          d.Reason,
		AmountCents:     d.Amount,
		Status:          d.Status,
	})
	if err == nil && inserted {
		s.log.WarnContext(ctx, "dispute opened", "order_id", order.ID, "dispute", d.ID, "reason", d.Reason)
	}
	return err
}
