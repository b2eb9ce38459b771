package billing

import (
	"context"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/payments"
	"github.com/freshpress/laundry/internal/retry"
	"github.com/freshpress/laundry/internal/store"
)

// Preauthorize holds the estimated order amount on the customer's card.
func (s *Service) Preauthorize(ctx context.Context, customerID, orderID uuid.UUID) (*store.Payment, error) {
	o, err := s.repos.Orders.GetForCustomer(ctx, customerID, orderID)
	if err != nil {
		return nil, err
	}
	if o.Status != store.OrderPlaced && o.Status != store.OrderAuthorized {
		return nil, ErrOrderNotBillable
	}
	cust, err := s.repos.Customers.Get(ctx, customerID)
	if err != nil {
		return nil, err
	}
	custRef, method, err := card(cust)
	if err != nil {
		return nil, err
	}

	p, err := s.repos.Payments.EnsureIntent(ctx, &store.Payment{
		ID:          uuid.New(),
		OrderID:     o.ID,
		Kind:        store.PaymentPreauth,
		OpID:        "preauth:" + o.ID.String(),
		AmountCents: s.holdAmount(o),
		Currency:    s.currency,
		Status:      store.PaymentPending,
	})
	if err != nil {
		return nil, err
	}
	if p.Status == store.PaymentAuthorized || p.Status == store.PaymentCaptured {
		return p, nil
	}

	intent, err := retry.DoValue(ctx, retry.Quick, func() (*payments.Intent, error) {
		in, err := s.processor.Authorize(ctx, payments.AuthorizeRequest{
			Amount:        p.AmountCents,
			Currency:      p.Currency,
			Customer:      custRef,
			PaymentMethod: method,
			Description:   describe(o, "laundry order"),
		}, payments.WithIdempotencyKey(p.OpID), payments.WithMetadata(orderMeta(o)))
		return in, retry.Classify(err)
	})
	if err != nil {
		_ = s.repos.Payments.RecordFailure(ctx, p.ID, err.Error())
		return nil, err
	}

	status := store.PaymentAuthorized
	if intent.Status == payments.IntentFailed || intent.Status == payments.IntentCanceled {
		status = store.PaymentFailed
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Payments.SetProcessorResult(ctx, p.ID, intent.ID, status); err != nil {
			return err
		}
		if status != store.PaymentAuthorized {
			return nil
		}
		_, err := r.Orders.TransitionStatus(ctx, o.ID, []store.OrderStatus{store.OrderPlaced}, store.OrderAuthorized)
		return err
	})
	if err != nil {
		return nil, err
	}
	p.ProcessorPaymentID = &intent.ID
	p.Status = status
	return p, nil
}
