// Package wiring holds the dig providers every binary shares: config,
// logging, the database pool, the Temporal client and the provider clients.
package wiring

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.uber.org/dig"

	"github.com/curbline-civic/permits/internal/config"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/providers/assessor"
	"github.com/curbline-civic/permits/internal/providers/finance"
	"github.com/curbline-civic/permits/internal/providers/mailhouse"
	"github.com/curbline-civic/permits/internal/providers/notify"
	"github.com/curbline-civic/permits/internal/providers/paygate"
)

// Provider is one constructor and its dig options.
type Provider struct {
	Fn   any
	Opts []dig.ProvideOption
}

// P is shorthand for a Provider.
func P(fn any, opts ...dig.ProvideOption) Provider { return Provider{Fn: fn, Opts: opts} }

// Provide registers every provider, stopping at the first error.
func Provide(c *dig.Container, ps ...Provider) error {
	for _, p := range ps {
		if err := c.Provide(p.Fn, p.Opts...); err != nil {
			return err
		}
	}
	return nil
}

// Base is the provider set shared by all binaries.
func Base() []Provider {
	return []Provider{
		P(config.Load),
		P(newLogger),
		P(openDB),
		P(database.NewTxRunner),
		P(func(r *database.SQLTxRunner) database.TxRunner { return r }),
		P(newPaygate),
		P(newMailhouse),
		P(newFinance),
		P(newNotify),
		P(newAssessor),
		P(cityLocation),
	}
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func openDB(cfg *config.Config) (*sqlx.DB, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return database.Open(ctx, cfg.DatabaseURL, cfg.DBMaxOpenConns)
}

func newPaygate(cfg *config.Config) *paygate.Client {
	return paygate.New(paygate.Options{
		BaseURL: cfg.PaygateURL, APIKey: cfg.PaygateKey, WebhookSecret: cfg.PaygateSecret, Timeout: cfg.HTTPTimeout,
	})
}

func newMailhouse(cfg *config.Config) *mailhouse.Client {
	return mailhouse.New(cfg.MailhouseURL, cfg.MailhouseKey, cfg.MailhouseSecret, cfg.HTTPTimeout)
}

func newFinance(cfg *config.Config) *finance.Client {
	return finance.New(finance.Options{BaseURL: cfg.FinanceURL, APIKey: cfg.FinanceKey, Timeout: cfg.HTTPTimeout})
}

func newNotify(cfg *config.Config) *notify.Client {
	return notify.New(cfg.NotifyURL, cfg.NotifyKey, cfg.HTTPTimeout)
}

func newAssessor(cfg *config.Config) *assessor.Client {
	return assessor.New(cfg.AssessorURL, cfg.HTTPTimeout)
}

func cityLocation() (*time.Location, error) {
	return time.LoadLocation("America/Chicago")
}

// Temporal dials the Temporal frontend.
func Temporal(cfg *config.Config, log *slog.Logger) (client.Client, error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHost,
		Namespace: cfg.TemporalNS,
		Logger:    tlog.NewStructuredLogger(log),
	})
	if err != nil {
		return nil, fmt.Errorf("temporal dial: %w", err)
	}
	return c, nil
}
