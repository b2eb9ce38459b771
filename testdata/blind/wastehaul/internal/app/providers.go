package app

import (
	"log/slog"
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/haulcore/wastehaul/internal/config"
	"github.com/haulcore/wastehaul/internal/providers/disposal"
	"github.com/haulcore/wastehaul/internal/providers/payments"
	"github.com/haulcore/wastehaul/internal/providers/sms"
	"github.com/haulcore/wastehaul/internal/service/accounts"
	"github.com/haulcore/wastehaul/internal/service/billing"
	disposalsvc "github.com/haulcore/wastehaul/internal/service/disposal"
	"github.com/haulcore/wastehaul/internal/service/pickups"
	"github.com/haulcore/wastehaul/internal/service/tipping"
)

// Providers builds the outbound provider clients and exposes them under the
// narrow interfaces the services declare.
var Providers = fx.Module("providers",
	fx.Provide(
		newHTTPClient,
		newPaymentsClient,
		newSMSClient,
		newDisposalClient,

		newCharger,
		newPaymentMethodLookup,
		newSMSSender,
		newBatchSender,
		newRemitter,
		newDisposalPartner,
	),
)

func newHTTPClient(cfg config.Config) *http.Client {
	return &http.Client{
		Timeout: cfg.HTTPTimeout,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
		},
	}
}

func newPaymentsClient(cfg config.Config, hc *http.Client) *payments.Client {
	return payments.New(cfg.PaymentsAPIKey,
		payments.WithBaseURL(cfg.PaymentsBaseURL),
		payments.WithHTTPClient(hc),
		payments.WithUserAgent("wastehaul-billing/1.4"),
	)
}

func newSMSClient(cfg config.Config, hc *http.Client) *sms.Client {
	return sms.New(cfg.SMSAccountID, cfg.SMSAuthToken,
		sms.WithBaseURL(cfg.SMSBaseURL),
		sms.WithHTTPClient(hc),
		sms.WithFrom(cfg.SMSFromNumber),
		sms.WithStatusCallback(cfg.SMSStatusURL),
	)
}

func newDisposalClient(cfg config.Config, hc *http.Client) *disposal.Client {
	return disposal.New(cfg.DisposalAPIKey,
		disposal.WithBaseURL(cfg.DisposalBaseURL),
		disposal.WithHTTPClient(hc),
		disposal.WithHaulerID(cfg.DisposalHaulerID),
	)
}

func newCharger(c *payments.Client, log *slog.Logger) billing.Charger {
	return billing.WithLogging(c, log)
}

func newPaymentMethodLookup(c *payments.Client) accounts.PaymentMethodLookup { return c }

func newSMSSender(c *sms.Client) sms.Sender {
	return sms.WithRetry(c, 3, 750*time.Millisecond)
}

func newBatchSender(c *sms.Client) pickups.BatchSender { return c }

func newRemitter(c *disposal.Client) tipping.Remitter { return c }

func newDisposalPartner(c *disposal.Client) disposalsvc.Partner { return c }
