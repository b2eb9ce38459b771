package payments

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

type StripeGateway struct {
	sc *stripe.Client
}

func NewStripeGateway(secretKey string) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(secretKey)}
}

func (g *StripeGateway) CreatePayment(ctx context.Context, req PaymentRequest, opts ...CallOption) (*Payment, error) {
	cfg := buildConfig(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	} else {
		params.AutomaticPaymentMethods = &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled:        stripe.Bool(true),
			AllowRedirects: stripe.String("never"),
		}
	}
	if req.ReceiptEmail != "" {
		params.ReceiptEmail = stripe.String(req.ReceiptEmail)
	}
	cfg.apply(&params.Params)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &Payment{IntentID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

func (g *StripeGateway) CancelPayment(ctx context.Context, paymentIntentID string, opts ...CallOption) error {
	cfg := buildConfig(opts)
	params := &stripe.PaymentIntentCancelParams{
		CancellationReason: stripe.String(string(stripe.PaymentIntentCancellationReasonRequestedByCustomer)),
	}
	cfg.apply(&params.Params)
	if _, err := g.sc.V1PaymentIntents.Cancel(ctx, paymentIntentID, params); err != nil {
		return fmt.Errorf("cancel payment intent %s: %w", paymentIntentID, translate(err))
	}
	return nil
}

func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	cfg := buildConfig(opts)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	cfg.apply(&params.Params)
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &RefundResult{RefundID: r.ID, Status: string(r.Status)}, nil
}

func (g *StripeGateway) Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*TransferResult, error) {
	cfg := buildConfig(opts)
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Destination:   stripe.String(req.DestinationAccount),
		TransferGroup: stripe.String(req.TransferGroup),
		Description:   stripe.String(req.Description),
	}
	cfg.apply(&params.Params)
	t, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &TransferResult{TransferID: t.ID}, nil
}
