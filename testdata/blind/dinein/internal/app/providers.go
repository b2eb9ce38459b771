package app

import (
	"go.uber.org/fx"

	"github.com/dinein/platform/internal/dispatch"
	"github.com/dinein/platform/internal/payments"
	"github.com/dinein/platform/internal/push"
	"github.com/dinein/platform/internal/service"
	"github.com/dinein/platform/internal/sms"
)

// Providers builds the clients for Stripe, the courier partner, SMS and
// push, and instruments the payment gateway.
var Providers = fx.Options(
	fx.Provide(
		fx.Annotate(payments.NewStripeGateway, fx.As(new(payments.Gateway))),
		fx.Annotate(dispatch.NewClient, fx.As(new(service.CourierPartner))),
		fx.Annotate(sms.NewClient, fx.As(new(sms.Sender))),
		fx.Annotate(push.NewClient, fx.As(new(push.Sender))),
	),
	fx.Decorate(payments.Instrument),
)
