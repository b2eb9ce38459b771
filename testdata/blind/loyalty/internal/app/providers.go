package app

import (
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"go.uber.org/fx"

	"github.com/tidewater/loyalty/internal/config"
	"github.com/tidewater/loyalty/internal/provider/giftcardapi"
	"github.com/tidewater/loyalty/internal/provider/mailer"
	"github.com/tidewater/loyalty/internal/provider/partnerapi"
	"github.com/tidewater/loyalty/internal/provider/payments"
	"github.com/tidewater/loyalty/internal/service/catalogue"
	"github.com/tidewater/loyalty/internal/service/giftcard"
	"github.com/tidewater/loyalty/internal/service/topup"
)

func newGiftCardClient(cfg config.Config) *giftcardapi.Client {
	return giftcardapi.New(giftcardapi.Config{BaseURL: cfg.GiftCardBaseURL, APIKey: cfg.GiftCardAPIKey, Timeout: cfg.HTTPClientTimeout})
}

func newPartnerClient(cfg config.Config) *partnerapi.Client {
	return partnerapi.New(partnerapi.Config{BaseURL: cfg.PartnerBaseURL, APIKey: cfg.PartnerAPIKey, Timeout: cfg.HTTPClientTimeout})
}

func newMailer(c *sesv2.Client, cfg config.Config) *mailer.SESSender {
	return mailer.NewSESSender(c, cfg.MailFrom)
}

func newGateway(cfg config.Config) *payments.Gateway {
	return payments.NewGateway(cfg.StripeSecretKey)
}

// ProvidersModule provides the third-party clients behind the interfaces the
// services declare.
var ProvidersModule = fx.Module("providers",
	fx.Provide(
		fx.Annotate(newGiftCardClient, fx.As(new(giftcard.Provider))),
		fx.Annotate(newPartnerClient, fx.As(new(catalogue.Partner))),
		fx.Annotate(newMailer, fx.As(new(mailer.Sender))),
		fx.Annotate(newGateway, fx.As(new(topup.PaymentGateway))),
	),
)
