// Command webhooks receives deliveries from the payment gateway, the
// registry and the DNS provider.
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

	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/platform"
	"github.com/tldhouse/registrar/internal/registry"
	"github.com/tldhouse/registrar/internal/store"
	"github.com/tldhouse/registrar/internal/wallet"
	"github.com/tldhouse/registrar/internal/webhooks"
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
	ctors := []any{
		flows.Dial,
		flows.NewStarter,
		platform.NewWallet,
		func(s *store.Payments) webhooks.PaymentStore { return s },
		func(s *store.Inbox) webhooks.Inbox { return s },
		func(w *wallet.Wallet) webhooks.Wallet { return w },
		func(s *store.Orders) webhooks.OrderReader { return s },
		func(s *store.Domains) webhooks.DomainStore { return s },
		func(s *store.Transfers) webhooks.TransferStore { return s },
		func(s *store.Accounts) webhooks.AccountReader { return s },
		func(s *store.Zones) webhooks.ZoneActivator { return s },
		func(r *registry.Client) webhooks.RegistryUpdater { return r },
		webhooks.NewPaymentEvents,
		webhooks.NewRegistryEvents,
		webhooks.NewDNSEvents,
		webhooks.NewRouter,
	}
	for _, ctor := range ctors {
		if err := c.Provide(ctor); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func run(cfg *config.Config, router *gin.Engine, tc client.Client, log *slog.Logger) error {
	defer tc.Close()
	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: router, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	log.Info("webhooks listening", "addr", cfg.HTTPAddr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
