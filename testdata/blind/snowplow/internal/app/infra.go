// Package app holds the dig providers both binaries share: configuration,
// logging, the database pool, repositories and partner clients.
package app

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/dig"

	"github.com/driftline-services/snowplow/internal/config"
	"github.com/driftline-services/snowplow/internal/provider/bankpay"
	"github.com/driftline-services/snowplow/internal/provider/citydispatch"
	"github.com/driftline-services/snowplow/internal/provider/saltsupplier"
	"github.com/driftline-services/snowplow/internal/provider/sms"
	"github.com/driftline-services/snowplow/internal/repository"
	"github.com/driftline-services/snowplow/internal/tx"
)

// NewLogger returns the process logger.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// NewPool opens the Postgres pool.
func NewPool(cfg *config.Config) (*pgxpool.Pool, error) {
	pc, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	pc.MaxConns = 20
	pc.MaxConnIdleTime = 5 * time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}

func outboundHTTP() *http.Client {
	return &http.Client{
		Timeout: 20 * time.Second,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 8,
			IdleConnTimeout:     90 * time.Second,
		},
	}
}

// Provide registers the shared providers on c.
func Provide(c *dig.Container) error {
	providers := []any{
		config.Load,
		NewLogger,
		NewPool,
		func(pool *pgxpool.Pool) *tx.Runner { return tx.NewRunner(pool) },

		repository.NewStorms,
		repository.NewRoutes,
		repository.NewAssignments,
		repository.NewSubcontractors,
		repository.NewSalt,
		repository.NewPayouts,
		repository.NewLedger,
		repository.NewInvoices,
		repository.NewOutbox,
		repository.NewNotifications,
		repository.NewInbox,
		repository.NewIdempotencyKeys,

		func(cfg *config.Config) *bankpay.Client {
			return bankpay.NewClient(strings.TrimRight(cfg.BankURL, "/"), cfg.BankAPIKey,
				bankpay.WithHTTPClient(outboundHTTP()),
				bankpay.WithUserAgent("snowplow/1 (+ops@driftline.example)"))
		},
		func(cfg *config.Config) *citydispatch.Client {
			return citydispatch.NewClient(strings.TrimRight(cfg.CityURL, "/"), cfg.CityContractorID, cfg.CityToken,
				citydispatch.WithHTTPClient(outboundHTTP()))
		},
		func(cfg *config.Config) *sms.Client {
			return sms.NewClient(strings.TrimRight(cfg.SMSURL, "/"), cfg.SMSAccount, cfg.SMSToken,
				sms.WithSender(cfg.SMSFrom))
		},
		func(cfg *config.Config) *saltsupplier.Client {
			return saltsupplier.NewClient(strings.TrimRight(cfg.SupplierURL, "/"), cfg.SupplierAccount, cfg.SupplierKey)
		},
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return err
		}
	}
	return nil
}
