// Command api serves the city and bank webhooks and the operations desk API.
//
// Schema: migrations/ is applied with golang-migrate and River's tables with
// `river migrate-up` by the deploy pipeline before this binary starts.
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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/dig"

	"github.com/driftline-services/snowplow/internal/api"
	"github.com/driftline-services/snowplow/internal/app"
	"github.com/driftline-services/snowplow/internal/config"
	"github.com/driftline-services/snowplow/internal/jobs"
	"github.com/driftline-services/snowplow/internal/provider/bankpay"
	"github.com/driftline-services/snowplow/internal/provider/citydispatch"
	"github.com/driftline-services/snowplow/internal/provider/saltsupplier"
	"github.com/driftline-services/snowplow/internal/provider/sms"
	"github.com/driftline-services/snowplow/internal/repository"
	"github.com/driftline-services/snowplow/internal/service/assign"
	"github.com/driftline-services/snowplow/internal/service/passes"
	"github.com/driftline-services/snowplow/internal/service/payout"
	"github.com/driftline-services/snowplow/internal/service/salt"
	"github.com/driftline-services/snowplow/internal/service/subcontractor"
	"github.com/driftline-services/snowplow/internal/tx"
)

func main() {
	c := dig.New()
	if err := build(c); err != nil {
		slog.Error("wiring", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(serve); err != nil {
		slog.Error("api", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func build(c *dig.Container) error {
	if err := app.Provide(c); err != nil {
		return err
	}
	providers := []any{
		// Insert-only River client: the api enqueues, the consumer works.
		func(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
			return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
		},
		jobs.NewQueue,

		func(r *repository.Subcontractors, l *repository.Ledger, k *repository.IdempotencyKeys,
			bank *bankpay.Client, runner *tx.Runner, log *slog.Logger) *subcontractor.Service {
			return subcontractor.New(r, l, k, bank, runner,
				subcontractor.WithLogger(log),
				subcontractor.WithAdjustmentLimit(250_000))
		},
		func(r *repository.Salt, sup *saltsupplier.Client, runner *tx.Runner, cfg *config.Config, log *slog.Logger) *salt.Service {
			return salt.New(r, sup, runner, salt.WithLogger(log), salt.WithLocation(cfg.Location))
		},
		func(a *repository.Assignments, r *repository.Routes, s *repository.Storms, f *repository.Subcontractors,
			n *repository.Notifications, q *jobs.Queue, runner *tx.Runner, city *citydispatch.Client,
			log *slog.Logger) *assign.Service {
			return assign.New(a, r, s, f, n, q, runner, city, assign.WithLogger(log))
		},
		func(a *repository.Assignments, s *repository.Salt, f *repository.Subcontractors, p *repository.Payouts,
			o *repository.Outbox, q *jobs.Queue, runner *tx.Runner, log *slog.Logger) *passes.Service {
			return passes.New(a, s, f, p, o, q, runner, passes.WithLogger(log))
		},
		func(p *repository.Payouts, s *repository.Subcontractors, l *repository.Ledger, t *sms.Client,
			q *jobs.Queue, runner *tx.Runner, log *slog.Logger) *payout.Service {
			return payout.NewService(p, s, l, t, q, runner, payout.WithLogger(log))
		},

		func(cfg *config.Config, svc *assign.Service, log *slog.Logger) *api.DispatchWebhook {
			return &api.DispatchWebhook{Secret: cfg.CityWebhookSecret, Intake: svc, Log: log}
		},
		func(cfg *config.Config, svc *payout.Service, log *slog.Logger) *api.BankWebhook {
			return &api.BankWebhook{Secret: cfg.BankWebhookSecret, Events: svc, Log: log, Now: time.Now}
		},
		func(svc *subcontractor.Service) *api.SubcontractorHandlers {
			return &api.SubcontractorHandlers{Svc: svc}
		},
		func(svc *salt.Service) *api.SaltHandlers { return &api.SaltHandlers{Svc: svc} },
		func(a *assign.Service, p *passes.Service) *api.AssignmentHandlers {
			return &api.AssignmentHandlers{Assign: a, Passes: p}
		},
		func(svc *payout.Service) *api.PayoutHandlers { return &api.PayoutHandlers{Svc: svc} },
		newRouter,
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return err
		}
	}
	return nil
}

type routerParams struct {
	dig.In

	Dispatch       *api.DispatchWebhook
	Bank           *api.BankWebhook
	Subcontractors *api.SubcontractorHandlers
	Salt           *api.SaltHandlers
	Assignments    *api.AssignmentHandlers
	Payouts        *api.PayoutHandlers
	Log            *slog.Logger
}

func newRouter(p routerParams) http.Handler {
	return api.NewRouter(api.Handlers{
		Dispatch:       p.Dispatch,
		Bank:           p.Bank,
		Subcontractors: p.Subcontractors,
		Salt:           p.Salt,
		Assignments:    p.Assignments,
		Payouts:        p.Payouts,
	}, p.Log)
}

func serve(cfg *config.Config, h http.Handler, pool *pgxpool.Pool, log *slog.Logger) error {
	defer pool.Close()

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      40 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		errc <- srv.ListenAndServe()
	}()
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
	return srv.Shutdown(shutdown)
}
