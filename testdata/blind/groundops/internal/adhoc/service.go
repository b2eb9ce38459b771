// Package adhoc sells ground services by card to operators that have no
// handling contract with us: business jets, diverted charters, ferry
// flights.
package adhoc

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"
	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/payments"
	"github.com/apronworks/groundops/internal/platform/database"
	"github.com/apronworks/groundops/internal/pricing"
)

var (
	ErrNotFound   = errors.New("ad-hoc order not found")
	ErrNotPayable = errors.New("ad-hoc order is not in a payable state")
	ErrNoRequest  = errors.New("request_id is required")
)

// Late cancellations (inside lateWindow of the slot) refund half.
const lateWindow = 2 * time.Hour

type OrderInput struct {
	RequestID       string
	TailNumber      string
	Station         string
	ServiceCode     string
	CustomerID      string
	PaymentMethodID string
	SlotAt          time.Time
}

type SurchargeInput struct {
	Reason      string
	AmountCents int64
}

type Service struct {
	uow      database.UnitOfWork
	orders   *database.Repository[models.AdhocOrder]
	events   *database.Repository[models.StripeEvent]
	payments payments.Gateway
	rates    pricing.RateBook
	now      func() time.Time
}

func NewService(db *gorm.DB, uow database.UnitOfWork, gw payments.Gateway, rates pricing.RateBook) *Service {
	return &Service{
		uow:      uow,
		orders:   database.NewRepository[models.AdhocOrder](db),
		events:   database.NewRepository[models.StripeEvent](db),
		payments: gw,
		rates:    rates,
		now:      func() time.Time { return time.Now().UTC() },
	}
}

func (s *Service) Get(ctx context.Context, id string) (*models.AdhocOrder, error) {
	o, err := s.orders.Get(ctx, id)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrNotFound
	}
	return o, err
}

// PlaceOrder records the order and charges the saved card up front.
func (s *Service) PlaceOrder(ctx context.Context, in OrderInput) (*models.AdhocOrder, error) {
	if in.RequestID == "" {
		return nil, ErrNoRequest
	}
	amount, currency, err := s.rates.AdhocPrice(in.Station, in.ServiceCode)
	if err != nil {
		return nil, err
	}
	order := &models.AdhocOrder{
		RequestID:       in.RequestID,
		TailNumber:      in.TailNumber,
		Station:         in.Station,
		ServiceCode:     in.ServiceCode,
		AmountCents:     amount,
		Currency:        currency,
		CustomerID:      in.CustomerID,
		PaymentMethodID: in.PaymentMethodID,
		Status:          models.AdhocPending,
	}
	inserted, err := s.orders.CreateIfAbsent(ctx, order, "request_id")
	if err != nil {
		return nil, err
	}
	if !inserted {
		if order, err = s.orders.FindOne(ctx, "request_id = ?", in.RequestID); err != nil {
			return nil, err
		}
		if order.PaymentIntentID != nil {
			return order, nil
		}
	}
	charge, err := s.payments.Charge(ctx, payments.ChargeRequest{
		CustomerID:      order.CustomerID,
		PaymentMethodID: order.PaymentMethodID,
		AmountCents:     order.AmountCents,
		Currency:        order.Currency,
		Description:     fmt.Sprintf("%s %s at %s", order.ServiceCode, order.TailNumber, order.Station),
		Metadata:        map[string]string{"adhoc_order_id": order.ID},
		IdempotencyKey:  "adhoc-order-" + order.ID,
	})
	if err != nil {
		return nil, err
	}
	if _, err := s.orders.UpdateWhere(ctx, map[string]any{"payment_intent_id": charge.PaymentIntentID},
		"id = ? AND payment_intent_id IS NULL", order.ID); err != nil {
		return nil, err
	}
	order.PaymentIntentID = &charge.PaymentIntentID
	return order, nil
}

// Surcharge charges an extra amount on the order's card (crew overtime
// when the aircraft is late for its slot, extra GPU hours, ...). An order
// can collect more than one surcharge.
func (s *Service) Surcharge(ctx context.Context, orderID string, in SurchargeInput) (*payments.Charge, error) {
	order, err := s.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if order.Status != models.AdhocPaid {
		return nil, ErrNotPayable
	}
	charge, err := s.payments.Charge(ctx, payments.ChargeRequest{
		CustomerID:      order.CustomerID,
		PaymentMethodID: order.PaymentMethodID,
		AmountCents:     in.AmountCents,
		Currency:        order.Currency,
		Description:     fmt.Sprintf("Surcharge %s: %s", order.TailNumber, in.Reason),
		Metadata:        map[string]string{"adhoc_order_id": order.ID, "surcharge": in.Reason},
		IdempotencyKey:  fmt.Sprintf("adhoc-surcharge-%s-%d", order.ID, s.now().UnixNano()),
	})
	if err != nil {
		return nil, err
	}
	err = s.orders.Update(ctx, order.ID, map[string]any{
		"amount_cents": gorm.Expr("amount_cents + ?", in.AmountCents),
	})
	return charge, err
}

// Cancel cancels a paid order and refunds according to the cancellation
// policy.
func (s *Service) Cancel(ctx context.Context, orderID string, slotAt time.Time) (*models.AdhocOrder, error) {
	order, err := s.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if order.Status == models.AdhocCancelled {
		return order, nil
	}
	if order.Status != models.AdhocPaid || order.PaymentIntentID == nil {
		return nil, ErrNotPayable
	}
	refund := order.AmountCents - order.RefundedCents
	if slotAt.Sub(s.now()) < lateWindow {
		refund = refund / 2
	}
	if _, err := s.payments.Refund(ctx, *order.PaymentIntentID, refund, "cancelled_by_operator"); err != nil {
		return nil, err
	}
	if err := s.orders.Update(ctx, order.ID, map[string]any{
		"status":         models.AdhocCancelled,
		"refunded_cents": gorm.Expr("refunded_cents + ?", refund),
	}); err != nil {
		return nil, err
	}
	return s.Get(ctx, order.ID)
}

// HandleStripeEvent applies a Stripe webhook. The event id is claimed in
// the same transaction as the order update.
func (s *Service) HandleStripeEvent(ctx context.Context, ev stripe.Event) error {
	var status string
	switch ev.Type {
	case stripe.EventTypePaymentIntentSucceeded:
		status = models.AdhocPaid
	case stripe.EventTypePaymentIntentPaymentFailed:
		status = models.AdhocCancelled
	default:
		return nil
	}
	orderID, _ := metadataValue(ev, "adhoc_order_id")
	if orderID == "" {
		return nil
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		claimed, err := s.events.CreateIfAbsent(ctx, &models.StripeEvent{
			EventID:    ev.ID,
			Type:       string(ev.Type),
			ReceivedAt: s.now(),
		}, "event_id")
		if err != nil || !claimed {
			return err
		}
		_, err = s.orders.UpdateWhere(ctx, map[string]any{"status": status},
			"id = ? AND status = ?", orderID, models.AdhocPending)
		return err
	})
}

func metadataValue(ev stripe.Event, key string) (string, bool) {
	if ev.Data == nil || ev.Data.Object == nil {
		return "", false
	}
	md, ok := ev.Data.Object["metadata"].(map[string]any)
	if !ok {
		return "", false
	}
	v, ok := md[key].(string)
	return v, ok
}
