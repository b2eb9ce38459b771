package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/dinein/platform/internal/payments"
	"github.com/dinein/platform/internal/queue"
	"github.com/dinein/platform/internal/store"
)

const maxTipCents = 100_00

// CheckoutResult is the outcome of paying for an order.
type CheckoutResult struct {
	OrderID       uuid.UUID `json:"order_id"`
	Status        string    `json:"status"`
	PaymentStatus string    `json:"payment_status"`
	IntentID      string    `json:"payment_intent_id,omitempty"`
}

// CheckoutService charges customers' cards.
type CheckoutService interface {
	Checkout(ctx context.Context, customerID, orderID uuid.UUID) (*CheckoutResult, error)
	AddTip(ctx context.Context, customerID, orderID uuid.UUID, cents int64) (*store.Tip, error)
}

type checkoutService struct {
	db        store.DB
	orders    store.OrderRepository
	payments  store.PaymentRepository
	ledger    store.LedgerRepository
	directory store.Directory
	gateway   payments.Gateway
	queue     queue.Enqueuer
}

// NewCheckoutService builds the CheckoutService.
func NewCheckoutService(
	db store.DB,
	orders store.OrderRepository,
	pays store.PaymentRepository,
	ledger store.LedgerRepository,
	directory store.Directory,
	gateway payments.Gateway,
	q queue.Enqueuer,
) *checkoutService {
	return &checkoutService{db: db, orders: orders, payments: pays, ledger: ledger, directory: directory, gateway: gateway, queue: q}
}

func (s *checkoutService) Checkout(ctx context.Context, customerID, orderID uuid.UUID) (*CheckoutResult, error) {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return nil, err
	}
	if o.CustomerID != customerID {
		return nil, ErrForbidden
	}
	if o.Status != store.OrderPendingPayment && o.Status != store.OrderPlaced {
		return nil, ErrInvalidState
	}
	cust, err := s.directory.Customer(ctx, s.db, customerID)
	if err != nil {
		return nil, err
	}
	if cust.StripeCustomerID == nil || cust.DefaultPaymentMethod == nil {
		return nil, fmt.Errorf("%w: no saved card", ErrInvalidInput)
	}

	attempt, err := store.InTx(ctx, s.db, func(tx pgx.Tx) (*store.PaymentAttempt, error) {
		return s.payments.EnsureAttempt(ctx, tx, &store.PaymentAttempt{
			ID:          uuid.New(),
			OrderID:     o.ID,
			AmountCents: o.TotalCents,
			Currency:    o.Currency,
		})
	})
	if err != nil {
		return nil, err
	}
	if attempt.Status == "succeeded" {
		return &CheckoutResult{OrderID: o.ID, Status: store.OrderPlaced, PaymentStatus: attempt.Status,
			IntentID: deref(attempt.StripePaymentIntentID)}, nil
	}

	charge, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		AmountCents:      attempt.AmountCents,
		Currency:         attempt.Currency,
		CustomerRef:      *cust.StripeCustomerID,
		PaymentMethodRef: *cust.DefaultPaymentMethod,
		Description:      "DineIn order " + shortID(o.ID),
		Metadata:         map[string]string{"order_id": o.ID.String(), "attempt_id": attempt.ID.String()},
	}, payments.WithIdempotencyKey(payments.OperationKey("charge", attempt.ID)), payments.WithStatementSuffix("ORDER"))
	if errors.Is(err, payments.ErrCardDeclined) {
		code := "card_declined"
		_ = store.WithTx(ctx, s.db, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE payment_attempts SET status = 'failed', failure_code = $2 WHERE id = $1`,
				attempt.ID, code)
			return err
		})
		return nil, ErrPaymentDeclined
	}
	if err != nil {
		return nil, err
	}

	status := o.Status
	err = store.WithTx(ctx, s.db, func(tx pgx.Tx) error {
		if err := s.payments.SetIntent(ctx, tx, attempt.ID, charge.IntentID, charge.Status); err != nil {
			return err
		}
		if charge.Status != "succeeded" {
			return nil
		}
		return s.completePayment(ctx, tx, o, &status)
	})
	if err != nil {
		return nil, err
	}
	return &CheckoutResult{OrderID: o.ID, Status: status, PaymentStatus: charge.Status, IntentID: charge.IntentID}, nil
}

// completePayment moves the order to placed and books the sale on the
// restaurant ledger. The Stripe webhook calls the same steps for payments
// that complete asynchronously.
func (s *checkoutService) completePayment(ctx context.Context, tx pgx.Tx, o *store.Order, status *string) error {
	placed, err := s.orders.Transition(ctx, tx, o.ID, []string{store.OrderPendingPayment}, store.OrderPlaced)
	if errors.Is(err, store.ErrConflict) {
		return nil
	}
	if err != nil {
		return err
	}
	*status = placed.Status
	rest, err := s.directory.Restaurant(ctx, tx, o.RestaurantID)
	if err != nil {
		return err
	}
	_, err = s.ledger.RecordSale(ctx, tx, &store.LedgerEntry{
		ID:           uuid.New(),
		RestaurantID: o.RestaurantID,
		OrderID:      &o.ID,
		AmountCents:  restaurantShare(o.SubtotalCents, rest.CommissionBPS),
	})
	return err
}

func restaurantShare(subtotal int64, commissionBPS int) int64 {
	return subtotal - subtotal*int64(commissionBPS)/10000
}

func (s *checkoutService) AddTip(ctx context.Context, customerID, orderID uuid.UUID, cents int64) (*store.Tip, error) {
	if cents <= 0 || cents > maxTipCents {
		return nil, fmt.Errorf("%w: tip must be between $0.01 and %s", ErrInvalidInput, money(maxTipCents))
	}
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return nil, err
	}
	if o.CustomerID != customerID {
		return nil, ErrForbidden
	}
	if o.Status != store.OrderDelivered {
		return nil, ErrInvalidState
	}
	cust, err := s.directory.Customer(ctx, s.db, customerID)
	if err != nil {
		return nil, err
	}
	if cust.StripeCustomerID == nil || cust.DefaultPaymentMethod == nil {
		return nil, fmt.Errorf("%w: no saved card", ErrInvalidInput)
	}

	charge, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		AmountCents:      cents,
		Currency:         o.Currency,
		CustomerRef:      *cust.StripeCustomerID,
		PaymentMethodRef: *cust.DefaultPaymentMethod,
		Description:      "Courier tip for order " + shortID(o.ID),
		Metadata:         map[string]string{"order_id": o.ID.String(), "kind": "tip"},
	}, payments.WithIdempotencyKey(payments.NewOperationKey("tip")), payments.WithStatementSuffix("TIP"))
	if errors.Is(err, payments.ErrCardDeclined) {
		return nil, ErrPaymentDeclined
	}
	if err != nil {
		return nil, err
	}

	tip := &store.Tip{ID: charge.IntentID, OrderID: o.ID, AmountCents: cents, StripePaymentIntentID: charge.IntentID}
	err = store.WithTx(ctx, s.db, func(tx pgx.Tx) error {
		if err := s.payments.InsertTip(ctx, tx, tip); err != nil {
			return err
		}
		if err := s.orders.AddTip(ctx, tx, o.ID, cents); err != nil {
			return err
		}
		_, err := s.queue.EnqueueTx(ctx, tx, queue.TipForwardArgs{TipID: tip.ID})
		return err
	})
	if err != nil {
		return nil, err
	}
	return tip, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
