package consumers

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

type Refunder interface {
	Refund(ctx context.Context, pspReference string, req payments.ModificationRequest, opts ...payments.CallOption) (*payments.ModificationResponse, error)
}

// RefundSubmitter sends requested refunds to Paygate. The outcome arrives
// later as a REFUND notification.
type RefundSubmitter struct {
	refunds *store.RefundRepo
	intents *store.IntentRepo
	psp     Refunder
	newKey  func() string
}

func NewRefundSubmitter(refunds *store.RefundRepo, intents *store.IntentRepo, psp Refunder) *RefundSubmitter {
	return &RefundSubmitter{refunds: refunds, intents: intents, psp: psp, newKey: uuid.NewString}
}

func (c *RefundSubmitter) Handle(ctx context.Context, evt events.RefundRequested, _ Meta) error {
	id, err := uuid.Parse(evt.RefundID)
	if err != nil {
		return nil
	}
	rr, err := c.refunds.Get(ctx, id)
	if err != nil {
		return err
	}
	if rr.Status != models.RefundRequested {
		return nil
	}
	intent, err := c.intents.ForResource(ctx, rr.OrderKind, rr.OrderID)
	if err != nil {
		return err
	}
	if intent.PSPReference == nil {
		return fmt.Errorf("refund %s: payment has no processor reference", rr.ID)
	}
	resp, err := c.psp.Refund(ctx, *intent.PSPReference, payments.ModificationRequest{
		Amount:    payments.Amount{Value: rr.AmountMinor, Currency: rr.Currency},
		Reference: "refund-" + rr.ID.String(),
	}, payments.IdempotencyKey(c.newKey()))
	if err != nil {
		return fmt.Errorf("submit refund %s: %w", rr.ID, err)
	}
	return c.refunds.MarkSubmitted(ctx, rr.ID, resp.PSPReference)
}
