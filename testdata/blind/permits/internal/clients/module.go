// Package clients provides the configured provider clients to the fx graph.
package clients

import (
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/clients/docscan"
	"github.com/civicworks/permits/internal/clients/inspections"
	"github.com/civicworks/permits/internal/clients/messaging"
	"github.com/civicworks/permits/internal/clients/payments"
	"github.com/civicworks/permits/internal/platform/config"
)

// NewPaymentGateway builds the Stripe gateway.
func NewPaymentGateway(cfg *config.Config) payments.Gateway {
	return payments.New(cfg.StripeSecretKey,
		payments.WithHTTPClient(&http.Client{Timeout: 30 * time.Second}),
		payments.WithMaxNetworkRetries(2),
		payments.WithStatementDescriptor("CITY PERMITS"),
	)
}

// NewScheduler builds the inspection partner client.
func NewScheduler(cfg *config.Config) (inspections.Scheduler, error) {
	return inspections.New(cfg.InspectionsBaseURL,
		inspections.WithAPIKey(cfg.InspectionsAPIKey),
		inspections.WithHTTPClient(&http.Client{Timeout: 15 * time.Second}),
		inspections.WithUserAgent("civicworks-permits/"+cfg.Env),
	)
}

// NewSender builds the messaging client.
func NewSender(cfg *config.Config) messaging.Sender {
	opts := []messaging.Option{
		messaging.WithSenderID(cfg.MessagingSenderID),
		messaging.WithFromAddress(cfg.MessagingFrom),
	}
	if cfg.MessagingStatusURL != "" {
		opts = append(opts, messaging.WithDefaultStatusCallback(cfg.MessagingStatusURL))
	}
	return messaging.New(cfg.MessagingAccountID, cfg.MessagingToken, opts...)
}

// NewScanner builds the document-scanning client.
func NewScanner(cfg *config.Config) docscan.Scanner {
	return docscan.New(cfg.DocscanBaseURL, cfg.DocscanAPIKey,
		docscan.WithCallbackURL(cfg.DocscanCallbackURL),
	)
}

// Module provides all provider clients.
var Module = fx.Module("clients",
	fx.Provide(NewPaymentGateway, NewScheduler, NewSender, NewScanner),
)
