// Command api serves the customer and admin HTTP API.
package main

import (
	"context"
	"errors"
	"log"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/tldhouse/registrar/internal/billing"
	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/contacts"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/dnsmgmt"
	"github.com/tldhouse/registrar/internal/domains"
	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/httpapi"
	"github.com/tldhouse/registrar/internal/platform"
	"github.com/tldhouse/registrar/internal/pricing"
	"github.com/tldhouse/registrar/internal/registry"
	"github.com/tldhouse/registrar/internal/store"
	"github.com/tldhouse/registrar/internal/wallet"
)

func main() {
	c, err := newContainer()
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Invoke(run); err != nil {
		log.Fatal(err)
	}
}

func newContainer(opts ...dig.Option) (*dig.Container, error) {
	c := dig.New(opts...)
	if err := platform.ProvideCommon(c); err != nil {
		return nil, err
	}
	for _, p := range []struct {
		ctor any
		opts []dig.ProvideOption
	}{
		{ctor: flows.Dial},
		{ctor: flows.NewStarter},
		{ctor: platform.NewBilling},
		{ctor: platform.NewWallet},
		{ctor: func(w *wallet.Wallet) httpapi.CreditAdjuster { return w }},
		{ctor: platform.DefaultZoneRecords},
		{ctor: platform.NewDNSService},
		{ctor: newDomainService},
		{ctor: contacts.NewService},
		{ctor: func(r *registry.Client) contacts.Registry { return r }},
		{ctor: func(s *store.Contacts) contacts.Store { return s }},
		{ctor: func(s *domains.Service) httpapi.DomainService { return s }},
		{ctor: func(s *dnsmgmt.Service) httpapi.DNSService { return s }},
		{ctor: func(s *contacts.Service) httpapi.ContactService { return s }},
		{ctor: func(s *billing.Service) httpapi.BillingService { return s }},
		{ctor: func(s *store.Orders) httpapi.OrderReader { return s }},
		{ctor: func(s *store.Domains) httpapi.DomainLister { return s }},
		{ctor: func(s *store.Accounts) httpapi.TokenResolver { return s }},
		{ctor: func(s *store.IdempotencyKeys) httpapi.ResponseStore { return s }},
		{ctor: httpapi.NewRouter},
	} {
		if err := c.Provide(p.ctor, p.opts...); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func newDomainService(tx db.Transactor, orders *store.Orders, doms *store.Domains, transfers *store.Transfers,
	keys *store.IdempotencyKeys, cts *store.Contacts, reg *registry.Client, prices *pricing.Table,
	starter flows.Starter, log *slog.Logger) *domains.Service {
	return domains.NewService(domains.Deps{
		Tx: tx, Orders: orders, Domains: doms, Transfers: transfers, Keys: keys,
		Contacts: cts, Registry: reg, Prices: prices, Starter: starter, Log: log,
	})
}

func run(cfg *config.Config, router *gin.Engine, tc client.Client, log *slog.Logger) error {
	defer tc.Close()
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 10 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	log.Info("api listening", "addr", cfg.HTTPAddr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
