// Command api serves the public REST API and the provider webhooks.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/polyglotdesk/marketplace/internal/app"
	"github.com/polyglotdesk/marketplace/internal/config"
	"github.com/polyglotdesk/marketplace/internal/httpapi"
	"github.com/polyglotdesk/marketplace/internal/webhooks"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		panic(err)
	}
	reg, err := app.Build(cfg)
	if err != nil {
		panic(err)
	}
	defer reg.Close()

	s := reg.Services
	e := httpapi.NewServer(httpapi.Routes{
		Jobs:         &httpapi.JobsHandler{Jobs: s.Jobs},
		Quotes:       &httpapi.QuotesHandler{Quotes: s.Quotes},
		Escrow:       &httpapi.EscrowHandler{Escrow: s.Escrow},
		Deliverables: &httpapi.DeliverablesHandler{Deliverables: s.Deliverables, MaxBytes: 50 << 20},
		Payouts:      &httpapi.PayoutsHandler{Payouts: s.Payouts},
		Invoices:     &httpapi.InvoicesHandler{Invoices: s.Invoices},
		Engagement:   &httpapi.EngagementHandler{Engagement: s.Engagement},
		PayoutHooks:  webhooks.NewPayoutsReceiver(cfg.PayoutsSecret, s.PayoutEvents, reg.Log),
		ScanHooks:    webhooks.NewScannerReceiver(cfg.ScannerSecret, s.Deliverables, reg.Log),
		Keys:         reg.Keys,
	})

	go func() {
		if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			reg.Log.Error("http server", "err", err)
			os.Exit(1)
		}
	}()

	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := e.Shutdown(ctx); err != nil {
		reg.Log.Error("shutdown", "err", err)
	}
}
