// Package platform holds the constructors every binary wires into its dig
// container.
package platform

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/dig"

	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/dnsprov"
	"github.com/tldhouse/registrar/internal/mail"
	"github.com/tldhouse/registrar/internal/paygate"
	"github.com/tldhouse/registrar/internal/pricing"
	"github.com/tldhouse/registrar/internal/registry"
	"github.com/tldhouse/registrar/internal/store"
)

func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func NewPool(cfg *config.Config) (*pgxpool.Pool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return db.NewPool(ctx, cfg)
}

// NewDNSProvider returns the provider client wrapped with retries.
func NewDNSProvider(cfg *config.Config, log *slog.Logger) dnsprov.Provider {
	return dnsprov.WithRetry(dnsprov.NewHTTPClient(cfg), cfg.DNS.MaxRetries, log)
}

func NewMailSender(cfg *config.Config) mail.Sender { return mail.New(cfg) }

func NewTemplates(cfg *config.Config) mail.Templates {
	return mail.Templates{PortalURL: cfg.Mail.PortalURL}
}

// ProvideCommon registers configuration, logging, the database and the
// repositories and provider clients shared by all binaries.
func ProvideCommon(c *dig.Container) error {
	ctors := []struct {
		fn   any
		opts []dig.ProvideOption
	}{
		{fn: config.Load},
		{fn: NewLogger},
		{fn: NewPool},
		{fn: db.NewConn},
		{fn: db.NewTxManager},
		{fn: func(m *db.TxManager) db.Transactor { return m }},
		{fn: store.NewAccounts},
		{fn: store.NewContacts},
		{fn: store.NewPaymentMethods},
		{fn: store.NewIdempotencyKeys},
		{fn: store.NewOrders},
		{fn: store.NewDomains},
		{fn: store.NewTransfers},
		{fn: store.NewRenewals},
		{fn: store.NewPayments},
		{fn: store.NewInvoices},
		{fn: store.NewInbox},
		{fn: store.NewZones},
		{fn: store.NewNotifications},
		{fn: store.NewReconciliation},
		{fn: registry.New},
		{fn: paygate.New},
		{fn: pricing.NewTable},
		{fn: NewMailSender},
		{fn: NewTemplates},
		{fn: NewDNSProvider},
	}
	for _, ct := range ctors {
		if err := c.Provide(ct.fn, ct.opts...); err != nil {
			return err
		}
	}
	return nil
}
