package payments

import (
	"github.com/google/wire"

	"github.com/cyclegrid/bikeshare/internal/config"
	"github.com/cyclegrid/bikeshare/internal/retry"
)

// ProvideGateway returns the Stripe gateway wrapped with in-process retries.
func ProvideGateway(cfg config.Config) Gateway {
	return NewRetryingGateway(NewStripeGateway(NewStripeClient(cfg.StripeSecretKey)), retry.Default)
}

func ProvideWebhookVerifier(cfg config.Config) *WebhookVerifier {
	return NewWebhookVerifier(cfg.StripeWebhookSecret)
}

var ProviderSet = wire.NewSet(ProvideGateway, ProvideWebhookVerifier)
