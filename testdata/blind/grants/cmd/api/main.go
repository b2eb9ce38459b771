// Command api serves the public donations/grants API and provider webhooks.
package main

import (
	"context"
	"errors"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/civicfund/grants/internal/app"
	"github.com/civicfund/grants/internal/config"
	"github.com/civicfund/grants/internal/httpapi"
	"github.com/civicfund/grants/internal/httpapi/handlers"
	"github.com/civicfund/grants/internal/httpapi/webhooks"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg := config.FromEnv()
	c, err := app.NewContainer(ctx, cfg)
	if err != nil {
		log.Fatalf("build container: %v", err)
	}
	defer c.Close()

	if err := c.Repos.BankEvents.EnsureSchema(ctx); err != nil {
		log.Fatalf("ensure bank_webhook_events: %v", err)
	}

	routes := httpapi.Routes{
		Donations:      &handlers.DonationHandler{Donations: c.Donations},
		Grants:         &handlers.GrantHandler{Grants: c.Grants},
		CreatePledge:   handlers.CreatePledgeHandler(c.Pledges),
		CreateOffer:    handlers.CreateMatchingOfferHandler(c.Matching),
		RequestReceipt: handlers.RequestReceiptHandler(c.Receipts),
		StripeWebhook: &webhooks.StripeHandler{
			Events: c.PaymentEvents,
			Secret: cfg.StripeWebhookSecret,
			Log:    c.Log.With("component", "stripe-webhook"),
		},
		BankWebhook: &webhooks.BankHandler{
			Payouts: c.Payouts,
			Events:  c.Repos.BankEvents,
			Secret:  []byte(cfg.BankWebhookSecret),
			Log:     c.Log.With("component", "bank-webhook"),
		},
		EmailEvents: webhooks.EmailEventsHandler(c.Donors, cfg.MailerWebhookToken),
	}
	e := httpapi.NewServer(routes, c.Log)

	go func() {
		if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Fatalf("http server: %v", err)
		}
	}()

	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := e.Shutdown(shutdownCtx); err != nil {
		c.Log.Error("http shutdown", "err", err)
	}
}
