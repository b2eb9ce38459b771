// Package providers wires the external provider clients for fx.
package providers

import (
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/vendgrid/fleetops/internal/adapters/providers/cardpay"
	"github.com/vendgrid/fleetops/internal/adapters/providers/mailer"
	"github.com/vendgrid/fleetops/internal/adapters/providers/payouts"
	"github.com/vendgrid/fleetops/internal/adapters/providers/sms"
	"github.com/vendgrid/fleetops/internal/adapters/providers/wholesaler"
	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/config"
)

func httpClient(timeout time.Duration) *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 16
	return &http.Client{Timeout: timeout, Transport: t}
}

// CardPay provides app.CardProcessor.
var CardPay = fx.Provide(
	func(cfg config.Providers) *cardpay.Client {
		return cardpay.New(cfg.CardPay.BaseURL, cfg.CardPay.APIKey,
			cardpay.WithHTTPClient(httpClient(cfg.CardPay.Timeout)),
			cardpay.WithRetries(2),
			cardpay.WithBackoff(250*time.Millisecond),
		)
	},
	fx.Annotate(cardpay.NewGateway, fx.As(new(app.CardProcessor))),
)

// Wholesaler provides app.Wholesaler.
var Wholesaler = fx.Provide(
	fx.Annotate(func(cfg config.Providers) *wholesaler.Client {
		return wholesaler.New(cfg.Wholesaler.BaseURL, cfg.Wholesaler.APIKey,
			wholesaler.WithHTTPClient(httpClient(cfg.Wholesaler.Timeout)),
			wholesaler.WithAccount(cfg.WholesalerAcc),
		)
	}, fx.As(new(app.Wholesaler))),
)

// Payouts provides app.PayoutProvider.
var Payouts = fx.Provide(
	fx.Annotate(func(cfg config.Providers) *payouts.Client {
		return payouts.New(cfg.Payouts.BaseURL, cfg.Payouts.APIKey,
			payouts.WithHTTPClient(httpClient(cfg.Payouts.Timeout)),
		)
	}, fx.As(new(app.PayoutProvider))),
)

// SMS provides app.Pager.
var SMS = fx.Provide(
	fx.Annotate(func(cfg config.Providers) *sms.Client {
		return sms.New(cfg.SMS.BaseURL, cfg.SMS.APIKey,
			sms.WithSender(cfg.SMSFrom),
			sms.WithHTTPClient(httpClient(cfg.SMS.Timeout)),
		)
	}, fx.As(new(app.Pager))),
)

// Mail provides app.Mailer.
var Mail = fx.Provide(
	fx.Annotate(func(cfg config.Providers) *mailer.Client {
		return mailer.New(cfg.Mail.BaseURL, cfg.Mail.APIKey,
			mailer.WithFrom(cfg.MailFrom),
			mailer.WithReplyTo("hosts@vendgrid.example"),
			mailer.WithHTTPClient(httpClient(cfg.Mail.Timeout)),
		)
	}, fx.As(new(app.Mailer))),
)
