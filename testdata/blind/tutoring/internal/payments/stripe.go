package payments

import (
	"context"

	"github.com/stripe/stripe-go/v82"

	"github.com/learnloop/tutoring/internal/config"
)

type stripeGateway struct {
	sc *stripe.Client
}

// NewStripeGateway builds the Stripe-backed gateway.
func NewStripeGateway(cfg config.Config) *stripeGateway {
	return &stripeGateway{sc: stripe.NewClient(cfg.StripeSecretKey)}
}

func (g *stripeGateway) CreatePaymentIntent(ctx context.Context, in PaymentIntentInput) (PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(in.Currency),
		Customer:      stripe.String(in.CustomerID),
		PaymentMethod: stripe.String(in.PaymentMethod),
		Description:   stripe.String(in.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Metadata:      in.Metadata,
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return PaymentIntent{}, err
	}
	return PaymentIntent{ID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

func (g *stripeGateway) Refund(ctx context.Context, in RefundInput) (RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
		Amount:        stripe.Int64(in.AmountCents),
		Reason:        stripe.String(in.Reason),
	}
	for k, v := range in.Metadata {
		params.AddMetadata(k, v)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	rf, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, err
	}
	return RefundResult{ID: rf.ID, Status: string(rf.Status)}, nil
}

func (g *stripeGateway) Transfer(ctx context.Context, in TransferInput) (TransferResult, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(in.Currency),
		Destination:   stripe.String(in.DestinationAccount),
		TransferGroup: stripe.String(in.TransferGroup),
		Metadata:      in.Metadata,
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	tr, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return TransferResult{}, err
	}
	return TransferResult{ID: tr.ID}, nil
}

func (g *stripeGateway) CreateConnectedAccount(ctx context.Context, in AccountInput) (string, error) {
	params := &stripe.AccountCreateParams{
		Type:    stripe.String(string(stripe.AccountTypeExpress)),
		Country: stripe.String(in.Country),
		Email:   stripe.String(in.Email),
		Capabilities: &stripe.AccountCreateCapabilitiesParams{
			Transfers: &stripe.AccountCreateCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
		Metadata: map[string]string{"tutor_id": in.TutorID},
	}
	for k, v := range in.Metadata {
		params.AddMetadata(k, v)
	}
	acct, err := g.sc.V1Accounts.Create(ctx, params)
	if err != nil {
		return "", err
	}
	return acct.ID, nil
}

func (g *stripeGateway) OnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error) {
	link, err := g.sc.V1AccountLinks.Create(ctx, &stripe.AccountLinkCreateParams{
		Account:    stripe.String(accountID),
		RefreshURL: stripe.String(refreshURL),
		ReturnURL:  stripe.String(returnURL),
		Type:       stripe.String("account_onboarding"),
	})
	if err != nil {
		return "", err
	}
	return link.URL, nil
}
