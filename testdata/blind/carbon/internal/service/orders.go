package service

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/ledger"
	"github.com/terravault/carbonreg/internal/payments"
	"github.com/terravault/carbonreg/internal/repo"
	"github.com/terravault/carbonreg/internal/tasks"
)

const scopeOrders = "orders"

// PlaceOrder is the input of OrderService.Place.
type PlaceOrder struct {
	IdempotencyKey   string
	BuyerAccountID   uuid.UUID
	BatchID          uuid.UUID
	Quantity         int64
	StripeCustomerID string
}

// ChargeSaved is the input of OrderService.ChargeSaved.
type ChargeSaved struct {
	OrderID         uuid.UUID
	PaymentMethodID string
}

// OrderView is an order with the client secret the buyer's browser needs to
// complete payment.
type OrderView struct {
	Order        *domain.PurchaseOrder
	ClientSecret string
	PaymentState string
}

// OrderService manages purchase orders.
type OrderService interface {
	Place(ctx context.Context, in PlaceOrder) (*OrderView, error)
	Cancel(ctx context.Context, orderID uuid.UUID) (*domain.PurchaseOrder, error)
	ChargeSaved(ctx context.Context, in ChargeSaved) (*OrderView, error)
	MarkPaid(ctx context.Context, paymentIntentID string, paidAt time.Time) error
	Expire(ctx context.Context, orderID uuid.UUID) error
}

type orderService struct {
	orders   repo.Orders
	keys     repo.IdempotencyKeys
	batches  repo.Batches
	projects repo.Projects
	accounts repo.Accounts
	ledger   *ledger.Ledger
	gateway  payments.Gateway
	enqueuer tasks.Enqueuer
	hold     time.Duration
	feeBps   int64
	log      *slog.Logger
}

// OrderDeps groups the collaborators of the OrderService.
type OrderDeps struct {
	Orders   repo.Orders
	Keys     repo.IdempotencyKeys
	Batches  repo.Batches
	Projects repo.Projects
	Accounts repo.Accounts
	Ledger   *ledger.Ledger
	Gateway  payments.Gateway
	Enqueuer tasks.Enqueuer
	Hold     time.Duration
	FeeBps   int64
	Log      *slog.Logger
}

// NewOrderService returns the OrderService.
func NewOrderService(d OrderDeps) OrderService {
	return &orderService{
		orders: d.Orders, keys: d.Keys, batches: d.Batches, projects: d.Projects, accounts: d.Accounts,
		ledger: d.Ledger, gateway: d.Gateway, enqueuer: d.Enqueuer, hold: d.Hold, feeBps: d.FeeBps, log: d.Log,
	}
}

// Place reserves credits and opens a PaymentIntent. The caller's
// Idempotency-Key is claimed in the same transaction that creates the order,
// and the PaymentIntent is keyed by the order, so a repeated request returns
// the same order and the same intent.
func (s *orderService) Place(ctx context.Context, in PlaceOrder) (*OrderView, error) {
	if strings.TrimSpace(in.IdempotencyKey) == "" {
		return nil, fail(ErrInvalid, "Idempotency-Key header is required")
	}
	if in.Quantity <= 0 {
		return nil, fail(ErrInvalid, "quantity must be positive")
	}
	batch, err := s.batches.Get(ctx, in.BatchID)
	if err != nil {
		return nil, notFound(err, "batch")
	}
	if batch.Status != domain.BatchRegistered {
		return nil, fail(ErrState, "batch %s is not yet registered", batch.ID)
	}
	issuance, err := s.accounts.Issuance(ctx, batch.ProjectID)
	if err != nil {
		return nil, notFound(err, "issuance account")
	}

	var order *domain.PurchaseOrder
	err = db.Transaction(ctx, func(ctx context.Context) error {
		claimed, err := s.keys.Claim(ctx, scopeOrders, in.IdempotencyKey)
		if err != nil {
			return err
		}
		if !claimed {
			id, err := s.keys.Resolve(ctx, scopeOrders, in.IdempotencyKey)
			if err != nil {
				return err
			}
			if id == nil {
				return fail(ErrConflict, "a request with this Idempotency-Key is still in progress")
			}
			order, err = s.orders.Get(ctx, *id)
			return err
		}
		now := time.Now().UTC()
		order = &domain.PurchaseOrder{
			ID:             ids.NewUUID(),
			BuyerAccountID: in.BuyerAccountID,
			BatchID:        batch.ID,
			Quantity:       in.Quantity,
			UnitPriceCents: batch.UnitPriceCents,
			AmountCents:    batch.UnitPriceCents * in.Quantity,
			Currency:       batch.Currency,
			Status:         domain.OrderPendingPayment,
			CreatedAt:      now,
			UpdatedAt:      now,
		}
		order.ReservationRef = "order:" + order.ID.String()
		if in.StripeCustomerID != "" {
			order.StripeCustomerID = &in.StripeCustomerID
		}
		if err := s.orders.Create(ctx, order); err != nil {
			return err
		}
		if _, _, err := s.ledger.Reserve(ctx, order.ReservationRef, issuance.ID, batch.ID, in.Quantity); err != nil {
			return err
		}
		return s.keys.Bind(ctx, scopeOrders, in.IdempotencyKey, order.ID)
	})
	if err != nil {
		return nil, err
	}
	if order.Status != domain.OrderPendingPayment {
		return &OrderView{Order: order}, nil
	}
	pi, err := s.ensureIntent(ctx, order)
	if err != nil {
		return nil, err
	}
	if err := s.enqueuer.Enqueue(ctx, tasks.ExpireOrder(order.ID, s.hold)); err != nil {
		return nil, err
	}
	return &OrderView{Order: order, ClientSecret: pi.ClientSecret, PaymentState: string(pi.Status)}, nil
}

// ensureIntent returns the order's PaymentIntent, creating it on first use.
// The create is keyed by the order, so a create repeated after a crash (before
// the intent ID was saved) returns the intent Stripe already made.
func (s *orderService) ensureIntent(ctx context.Context, o *domain.PurchaseOrder) (*stripe.PaymentIntent, error) {
	if o.PaymentIntentID != nil {
		return s.gateway.GetPaymentIntent(ctx, *o.PaymentIntentID)
	}
	opts := []payments.IntentOption{
		payments.WithIdempotencyKey(ids.DeriveKey("pi", o.ID.String())),
		payments.WithMetadata("order_id", o.ID.String()),
		payments.WithTransferGroup("order_" + o.ID.String()),
	}
	if o.StripeCustomerID != nil {
		opts = append(opts, payments.WithCustomer(*o.StripeCustomerID))
	}
	pi, err := s.gateway.CreatePaymentIntent(ctx, o.AmountCents, o.Currency, opts...)
	if err != nil {
		return nil, err
	}
	if err := s.orders.SetPaymentIntent(ctx, o.ID, pi.ID); err != nil {
		return nil, err
	}
	o.PaymentIntentID = &pi.ID
	return pi, nil
}

// Cancel abandons an unpaid order and returns its credits to the batch.
func (s *orderService) Cancel(ctx context.Context, orderID uuid.UUID) (*domain.PurchaseOrder, error) {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, notFound(err, "order")
	}
	switch o.Status {
	case domain.OrderCancelled:
		return o, nil
	case domain.OrderPendingPayment:
	default:
		return nil, fail(ErrState, "order %s is %s", o.ID, o.Status)
	}
	if err := s.orders.SetStatus(ctx, o.ID, domain.OrderCancelled); err != nil {
		return nil, err
	}
	if o.PaymentIntentID != nil {
		if err := s.gateway.CancelPaymentIntent(ctx, *o.PaymentIntentID); err != nil {
			return nil, err
		}
	}
	if _, err := s.ledger.Release(ctx, o.ReservationRef); err != nil {
		return nil, err
	}
	o.Status = domain.OrderCancelled
	return o, nil
}

// ChargeSaved pays an order off-session with a payment method the buyer saved
// earlier (used by corporate buyers with standing purchase agreements).
func (s *orderService) ChargeSaved(ctx context.Context, in ChargeSaved) (*OrderView, error) {
	if in.PaymentMethodID == "" {
		return nil, fail(ErrInvalid, "payment_method_id is required")
	}
	o, err := s.orders.Get(ctx, in.OrderID)
	if err != nil {
		return nil, notFound(err, "order")
	}
	if o.Status != domain.OrderPendingPayment {
		return nil, fail(ErrState, "order %s is %s", o.ID, o.Status)
	}
	if o.StripeCustomerID == nil {
		return nil, fail(ErrState, "order %s has no saved customer", o.ID)
	}
	pi, err := s.gateway.CreatePaymentIntent(ctx, o.AmountCents, o.Currency,
		payments.WithCustomer(*o.StripeCustomerID),
		payments.WithOffSessionConfirm(in.PaymentMethodID),
		payments.WithMetadata("order_id", o.ID.String()),
		payments.WithTransferGroup("order_"+o.ID.String()),
		payments.WithIdempotencyKey("charge_"+ids.NewToken(16)),
	)
	if err != nil {
		return nil, err
	}
	if err := s.orders.SetPaymentIntent(ctx, o.ID, pi.ID); err != nil {
		return nil, err
	}
	o.PaymentIntentID = &pi.ID
	return &OrderView{Order: o, PaymentState: string(pi.Status)}, nil
}

// MarkPaid settles a paid order: the order is marked paid, the reserved
// credits move to the buyer, and the developer's share is booked.
func (s *orderService) MarkPaid(ctx context.Context, paymentIntentID string, paidAt time.Time) error {
	o, err := s.orders.ByPaymentIntent(ctx, paymentIntentID)
	if db.IsNotFound(err) {
		s.log.WarnContext(ctx, "payment for unknown intent", "payment_intent", paymentIntentID)
		return nil
	}
	if err != nil {
		return err
	}
	batch, err := s.batches.Get(ctx, o.BatchID)
	if err != nil {
		return err
	}
	project, err := s.projects.Get(ctx, batch.ProjectID)
	if err != nil {
		return err
	}
	fee := o.AmountCents * s.feeBps / 10_000
	return db.Transaction(ctx, func(ctx context.Context) error {
		if err := s.orders.MarkPaid(ctx, o.ID, paidAt); err != nil {
			return err
		}
		if err := s.ledger.Settle(ctx, o.ReservationRef, o.BuyerAccountID); err != nil {
			return err
		}
		return s.ledger.AccrueEarning(ctx, domain.DeveloperEarning{
			ID:          ids.NewUUID(),
			DeveloperID: project.DeveloperID,
			OrderID:     o.ID,
			GrossCents:  o.AmountCents,
			FeeCents:    fee,
			NetCents:    o.AmountCents - fee,
			Currency:    o.Currency,
		})
	})
}

// Expire releases the reservation of an order that was not paid in time.
func (s *orderService) Expire(ctx context.Context, orderID uuid.UUID) error {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return notFound(err, "order")
	}
	if o.Status != domain.OrderPendingPayment {
		return nil
	}
	if o.PaymentIntentID != nil {
		if err := s.gateway.CancelPaymentIntent(ctx, *o.PaymentIntentID); err != nil {
			return err
		}
	}
	return db.Transaction(ctx, func(ctx context.Context) error {
		moved, err := s.orders.Transition(ctx, o.ID, domain.OrderPendingPayment, domain.OrderExpired)
		if err != nil || !moved {
			return err
		}
		_, err = s.ledger.Release(ctx, o.ReservationRef)
		return err
	})
}
