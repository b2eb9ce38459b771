// Package checkout submits payment intents to the processor.
package checkout

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
)

// Authoriser is the part of the payments client checkout needs.
type Authoriser interface {
	Authorise(ctx context.Context, req payments.PaymentRequest, opts ...payments.CallOption) (*payments.PaymentResponse, error)
}

type IntentStore interface {
	RecordSubmission(ctx context.Context, opID, pspRef string, status models.IntentStatus) error
	SetRecurringToken(ctx context.Context, opID, token string) error
}

type Shopper struct {
	Reference string
	Email     string
}

type submitConfig struct {
	storeForRecurring bool
	captureDelayHours *int
}

type SubmitOption func(*submitConfig)

// ForRecurring asks the processor to store the card for later renewals.
func ForRecurring() SubmitOption { return func(c *submitConfig) { c.storeForRecurring = true } }

// ManualCapture keeps the authorisation open until it is captured
// explicitly (used by the shop, which captures on dispatch).
func ManualCapture() SubmitOption {
	return func(c *submitConfig) {
		never := -1
		c.captureDelayHours = &never
	}
}

type Submitter struct {
	psp       Authoriser
	intents   IntentStore
	returnURL string
}

func NewSubmitter(psp Authoriser, intents IntentStore) *Submitter {
	return &Submitter{psp: psp, intents: intents, returnURL: "https://www.northgatemuseums.org.uk/checkout/return"}
}

// Submit authorises the intent. The intent's operation id is the
// processor's idempotency key, so submitting the same intent twice yields
// one payment.
func (s *Submitter) Submit(ctx context.Context, in *models.PaymentIntent, method json.RawMessage, shopper Shopper, opts ...SubmitOption) (*payments.PaymentResponse, error) {
	var cfg submitConfig
	for _, o := range opts {
		o(&cfg)
	}
	req := payments.PaymentRequest{
		Amount:           payments.Amount{Value: in.AmountMinor, Currency: in.Currency},
		Reference:        in.OperationID,
		PaymentMethod:    method,
		ShopperReference: shopper.Reference,
		ShopperEmail:     shopper.Email,
		ReturnURL:        s.returnURL,
	}
	req.ShopperInteraction = "Ecommerce"
	if cfg.storeForRecurring {
		req.StorePaymentMethod = true
		req.RecurringProcessingModel = "Subscription"
	}
	req.CaptureDelayHours = cfg.captureDelayHours

	resp, err := s.psp.Authorise(ctx, req, payments.IdempotencyKey(in.OperationID))
	if err != nil {
		return nil, fmt.Errorf("authorise %s: %w", in.OperationID, err)
	}
	status := models.IntentSubmitted
	if resp.ResultCode == "Refused" || resp.ResultCode == "Error" {
		status = models.IntentRefused
	}
	if err := s.intents.RecordSubmission(ctx, in.OperationID, resp.PSPReference, status); err != nil {
		return nil, err
	}
	if tok := resp.RecurringToken(); tok != "" {
		if err := s.intents.SetRecurringToken(ctx, in.OperationID, tok); err != nil {
			return nil, err
		}
	}
	return resp, nil
}
