package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/payments"
)

type CheckoutResult struct {
	OrderID      string `json:"order_id"`
	Status       string `json:"status"`
	ClientSecret string `json:"client_secret,omitempty"`
}

// Checkout charges the owner's saved card for an order awaiting payment.
// The order moves to paid when Stripe's payment_intent.succeeded webhook
// arrives; this call only gets the intent confirmed.
func (s *Service) Checkout(ctx context.Context, ownerID, orderID, paymentMethod string) (*CheckoutResult, error) {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if order.OwnerID != ownerID {
		return nil, apperr.NotFound("order_not_found", "order not found")
	}
	switch order.Status {
	case StatusAwaitingPayment, StatusPaymentProcessing:
	default:
		return &CheckoutResult{OrderID: order.ID, Status: order.Status}, nil
	}

	owner, err := s.orders.Owner(ctx, ownerID)
	if err != nil {
		return nil, err
	}
	customerID, err := s.ensureCustomer(ctx, owner)
	if err != nil {
		return nil, err
	}
	if paymentMethod == "" && owner.DefaultPaymentMethod != nil {
		paymentMethod = *owner.DefaultPaymentMethod
	}
	if paymentMethod == "" {
		return nil, apperr.Invalid("payment_method_required", "no card on file")
	}

	// Same order and same card give the same key, so a repeated tap on "Pay"
	// or a client retry is collapsed by Stripe into the first intent.
	key := fmt.Sprintf("checkout:%s:%s", order.ID, paymentMethod)
	intent, chargeErr := s.gateway.CreatePaymentIntent(ctx, payments.IntentRequest{
		IdempotencyKey: key,
		OrderID:        order.ID,
		CustomerID:     customerID,
		PaymentMethod:  paymentMethod,
		AmountCents:    order.TotalCents,
		Currency:       order.Currency,
		Description:    "RefillRx order " + order.ID,
	})

	attempt := db.InsertPaymentAttemptParams{
		ID:             ids.New(ids.PayAttempt),
		OrderID:        order.ID,
		IdempotencyKey: key,
		Outcome:        "confirmed",
	}
	if chargeErr != nil {
		msg := chargeErr.Error()
		attempt.Outcome, attempt.ErrorMessage = "error", &msg
	}
	if err := s.payments.RecordAttempt(ctx, attempt); err != nil {
		return nil, fmt.Errorf("record payment attempt: %w", err)
	}
	if chargeErr != nil {
		var declined *payments.CardDeclinedError
		if errors.As(chargeErr, &declined) {
			return nil, apperr.Unprocessable("card_declined", declined.Message)
		}
		return nil, apperr.Upstream("stripe", chargeErr)
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.payments.Upsert(ctx, db.UpsertPaymentParams{
			ID:                    ids.New(ids.Payment),
			OrderID:               order.ID,
			StripePaymentIntentID: intent.ID,
			Status:                intent.Status,
			AmountCents:           order.TotalCents,
		}); err != nil {
			return err
		}
		_, err := s.orders.Transition(ctx, order.ID, StatusAwaitingPayment, StatusPaymentProcessing)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &CheckoutResult{OrderID: order.ID, Status: StatusPaymentProcessing, ClientSecret: intent.ClientSecret}, nil
}

func (s *Service) ensureCustomer(ctx context.Context, owner db.Owner) (string, error) {
	if owner.StripeCustomerID != nil {
		return *owner.StripeCustomerID, nil
	}
	id, err := s.gateway.EnsureCustomer(ctx, payments.CustomerRequest{OwnerID: owner.ID, Email: owner.Email, Name: owner.FullName})
	if err != nil {
		return "", apperr.Upstream("stripe", err)
	}
	if err := s.orders.SetStripeCustomer(ctx, owner.ID, id); err != nil {
		return "", err
	}
	return id, nil
}
