// Command notary-api serves the public REST API and provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	_ "github.com/lib/pq"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/sealpoint-labs/notary/internal/auth"
	"github.com/sealpoint-labs/notary/internal/certsign"
	"github.com/sealpoint-labs/notary/internal/config"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/fees"
	"github.com/sealpoint-labs/notary/internal/httpapi"
	"github.com/sealpoint-labs/notary/internal/idempotency"
	"github.com/sealpoint-labs/notary/internal/identity"
	"github.com/sealpoint-labs/notary/internal/journal"
	"github.com/sealpoint-labs/notary/internal/kyc"
	"github.com/sealpoint-labs/notary/internal/logging"
	"github.com/sealpoint-labs/notary/internal/notify"
	"github.com/sealpoint-labs/notary/internal/payments"
	"github.com/sealpoint-labs/notary/internal/recording"
	"github.com/sealpoint-labs/notary/internal/reqctx"
	"github.com/sealpoint-labs/notary/internal/sealing"
	"github.com/sealpoint-labs/notary/internal/session"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("notary-api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	c := dig.New()
	providers := []any{
		func() *slog.Logger { return log },
		config.Load,
		openDB,
		dbx.NewTxRunner,
		events.NewOutbox,
		idempotency.NewStore,
		dialTemporal,
		func(cfg config.Config) reqctx.Authenticator {
			return auth.NewVerifier([]byte(cfg.TokenKey), cfg.TokenIssuer)
		},

		// provider clients
		func(cfg config.Config, log *slog.Logger) *kyc.Client {
			return kyc.NewClient(kyc.Config{BaseURL: cfg.KYC.BaseURL, APIKey: cfg.KYC.APIKey, Logger: log})
		},
		func(cfg config.Config) *payments.Client {
			return payments.NewClient(payments.Config{BaseURL: cfg.Payments.BaseURL, APIKey: cfg.Payments.APIKey})
		},
		func(cfg config.Config) *notify.SMSSender {
			return notify.NewSMSSender(cfg.SMS.BaseURL, cfg.SMS.APIKey, "+18885550142")
		},
		func(cfg config.Config) *certsign.Client {
			return certsign.NewClient(cfg.CertSign.BaseURL, cfg.CertSign.APIKey)
		},

		// repositories
		session.NewRepository,
		identity.NewRepository,
		fees.NewRepository,
		sealing.NewRepository,
		journal.NewRepository,
		recording.NewRepository,

		// services, each wrapped in its logging decorator
		func(repo fees.Repository, sessions session.Repository, p *payments.Client, ob *events.Outbox, cfg config.Config, log *slog.Logger) fees.Service {
			return logging.Fees(fees.NewService(repo, sessions, p, ob, []byte(cfg.Payments.WebhookSecret)), log)
		},
		func(repo session.Repository, tx dbx.TxRunner, ob *events.Outbox, refunds fees.Service, sms *notify.SMSSender, log *slog.Logger) session.Service {
			return logging.Sessions(session.NewService(repo, tx, ob, refunds, sms), log)
		},
		func(repo identity.Repository, sessions session.Repository, vendor *kyc.Client, tx dbx.TxRunner, ob *events.Outbox, cfg config.Config, log *slog.Logger) identity.Service {
			return logging.Identity(identity.NewService(repo, sessions, vendor, tx, ob, identity.Options{
				CallbackURL:   cfg.PublicURL + "/v1/webhooks/kyc",
				WebhookSecret: []byte(cfg.KYC.WebhookSecret),
			}), log)
		},
		func(repo sealing.Repository, dir session.Repository, signer *certsign.Client, tx dbx.TxRunner, ob *events.Outbox, log *slog.Logger) sealing.Service {
			return logging.Sealing(sealing.NewService(repo, dir, signer, tx, ob), log)
		},
		func(repo sealing.Repository, tx dbx.TxRunner, ob *events.Outbox, store *idempotency.Store, log *slog.Logger) sealing.CopyService {
			return logging.Copies(sealing.NewCopyService(repo, tx, ob, store, log), log)
		},
		func(repo journal.Repository, sessions session.Repository, store *idempotency.Store, tx dbx.TxRunner, log *slog.Logger) journal.Service {
			return logging.Journal(journal.NewService(repo, sessions, store, tx), log)
		},
		func(repo recording.Repository, docs sealing.Repository, tc client.Client, log *slog.Logger) recording.Service {
			return logging.Recording(recording.NewService(repo, docs, tc), log)
		},
		newEcho,
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return err
		}
	}

	return c.Invoke(func(e *echo.Echo, cfg config.Config, db *sqlx.DB, tc client.Client) error {
		defer db.Close()
		defer tc.Close()

		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()

		errc := make(chan error, 1)
		go func() { errc <- e.Start(cfg.HTTPAddr) }()
		select {
		case err := <-errc:
			if !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		case <-ctx.Done():
		}
		shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		return e.Shutdown(shutdown)
	})
}

func openDB(cfg config.Config) (*sqlx.DB, error) {
	db, err := sqlx.Connect("postgres", cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(25)
	db.SetMaxIdleConns(10)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return db, nil
}

func dialTemporal(cfg config.Config, log *slog.Logger) (client.Client, error) {
	return client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    log,
	})
}

func newEcho(s httpapi.Services, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("2M"))
	e.Use(middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURI: true, LogMethod: true, LogLatency: true, LogError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			log.Info("http", "method", v.Method, "uri", v.URI, "status", v.Status, "latency", v.Latency, "err", v.Error)
			return nil
		},
	}))
	httpapi.Register(e, s)
	return e
}
