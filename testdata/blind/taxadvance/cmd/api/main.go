// Command api serves the partner API, bank and partner webhooks, and the ops
// endpoints.
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

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/refundbridge/advance/internal/api"
	"github.com/refundbridge/advance/internal/config"
	"github.com/refundbridge/advance/internal/platform/db"
	"github.com/refundbridge/advance/internal/platform/httpx"
	"github.com/refundbridge/advance/internal/providers/bank"
	"github.com/refundbridge/advance/internal/repository/pg"
	"github.com/refundbridge/advance/internal/services/applications"
	"github.com/refundbridge/advance/internal/services/commission"
	"github.com/refundbridge/advance/internal/services/disbursement"
	"github.com/refundbridge/advance/internal/services/webhooks"
	"github.com/refundbridge/advance/internal/tasks"
)

// container holds the process-wide dependencies.
type container struct {
	cfg    config.Config
	log    *slog.Logger
	db     *gorm.DB
	store  *pg.Store
	asynq  *asynq.Client
	queue  *tasks.Enqueuer
	bank   *bank.Client
	server *http.Server
}

func newContainer(cfg config.Config, log *slog.Logger) (*container, error) {
	gdb, err := db.Open(cfg.DatabaseURL, db.Options{MaxOpenConns: 30, MaxIdleConns: 10, ConnMaxLifetime: 30 * time.Minute})
	if err != nil {
		return nil, err
	}
	c := &container{cfg: cfg, log: log, db: gdb, store: pg.NewStore(gdb)}
	c.asynq = asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword})
	c.queue = tasks.NewEnqueuer(c.asynq, 24*time.Hour)
	c.bank = bank.New(cfg.BankBaseURL, cfg.BankAPIKey, httpx.NewHTTPClient(cfg.ProviderTimeout))

	s := c.store
	apps := applications.New(applications.Deps{
		Tx:           s.Tx,
		Applications: s.Applications,
		Customers:    s.Customers,
		Requests:     s.Requests,
		Queue:        c.queue,
		Log:          log,
		SSNPepper:    os.Getenv("SSN_PEPPER"),
	})
	partners := applications.PartnerAuth{Partners: s.Partners}
	hooks := &webhooks.Service{
		Tx:            s.Tx,
		Events:        s.Events,
		Applications:  s.Applications,
		Disbursements: s.Disbursements,
		Queue:         c.queue,
		Log:           log,
	}
	commissions := &commission.Service{
		Applications:     s.Applications,
		Partners:         s.Partners,
		Accruals:         s.Accruals,
		Payouts:          s.Payouts,
		Bank:             c.bank,
		OperatingAccount: cfg.OperatingAccount,
		Log:              log,
		Now:              func() time.Time { return time.Now().UTC() },
	}
	disbursements := disbursement.New(
		disbursement.Config{FundingAccountRef: cfg.OperatingAccount},
		s.Tx, s.Applications, s.Disbursements, c.bank,
		disbursement.WithLogger(log),
	)

	e := api.New(api.Deps{
		Commands: api.NewCommands(api.CommandServices{
			Applications:  apps,
			Webhooks:      hooks,
			Commissions:   commissions,
			Disbursements: disbursements,
		}, log),
		Applications:      apps,
		Partners:          partners,
		Idempotency:       s.Idempotency,
		AdminToken:        cfg.AdminToken,
		BankWebhookSecret: cfg.BankWebhookSecret,
		Log:               log,
	})
	c.server = &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	return c, nil
}

func (c *container) close() {
	if err := c.asynq.Close(); err != nil {
		c.log.Warn("close asynq client", "err", err)
	}
	if sqlDB, err := c.db.DB(); err == nil {
		_ = sqlDB.Close()
	}
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	cfg, err := config.Load()
	if err != nil {
		log.Error("load config", "err", err)
		os.Exit(1)
	}
	c, err := newContainer(cfg, log)
	if err != nil {
		log.Error("wire dependencies", "err", err)
		os.Exit(1)
	}
	defer c.close()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		if err := c.server.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("http server", "err", err)
			stop()
		}
	}()
	<-ctx.Done()

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.server.Shutdown(shutdownCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
}
