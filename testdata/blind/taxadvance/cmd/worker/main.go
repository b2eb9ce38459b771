// Command worker runs the asynq task handlers: underwriting, disbursement,
// notices, commissions and repayment settlement.
package main

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/refundbridge/advance/internal/config"
	"github.com/refundbridge/advance/internal/platform/db"
	"github.com/refundbridge/advance/internal/platform/httpx"
	"github.com/refundbridge/advance/internal/providers/bank"
	"github.com/refundbridge/advance/internal/providers/bureau"
	"github.com/refundbridge/advance/internal/providers/email"
	"github.com/refundbridge/advance/internal/providers/taxprep"
	"github.com/refundbridge/advance/internal/repository/pg"
	"github.com/refundbridge/advance/internal/services/commission"
	"github.com/refundbridge/advance/internal/services/disbursement"
	"github.com/refundbridge/advance/internal/services/notices"
	"github.com/refundbridge/advance/internal/services/repayment"
	"github.com/refundbridge/advance/internal/services/underwriting"
	"github.com/refundbridge/advance/internal/tasks"
	"github.com/refundbridge/advance/internal/worker"
)

type container struct {
	log      *slog.Logger
	db       *gorm.DB
	store    *pg.Store
	client   *asynq.Client
	queue    *tasks.Enqueuer
	bank     *bank.Client
	bureau   *bureau.Client
	taxprep  *taxprep.Client
	mailer   *email.Client
	services worker.Services
}

func newContainer(cfg config.Config, log *slog.Logger) (*container, error) {
	gdb, err := db.Open(cfg.DatabaseURL, db.Options{MaxOpenConns: cfg.WorkerConcurrency + 5})
	if err != nil {
		return nil, err
	}
	hc := httpx.NewHTTPClient(cfg.ProviderTimeout)
	c := &container{
		log:     log,
		db:      gdb,
		store:   pg.NewStore(gdb),
		client:  asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword}),
		bank:    bank.New(cfg.BankBaseURL, cfg.BankAPIKey, hc),
		bureau:  bureau.New(cfg.BureauBaseURL, cfg.BureauAPIKey, hc),
		taxprep: taxprep.New(cfg.TaxPrepBaseURL, cfg.TaxPrepAPIKey, hc),
		mailer:  email.New(cfg.EmailBaseURL, cfg.EmailAPIKey, cfg.NoticeFromAddress, hc),
	}
	c.queue = tasks.NewEnqueuer(c.client, 24*time.Hour)
	now := func() time.Time { return time.Now().UTC() }
	s := c.store

	c.services = worker.Services{
		Underwriting: &underwriting.Service{
			Tx: s.Tx, Applications: s.Applications, Customers: s.Customers, Partners: s.Partners,
			Reports: s.Reports, Attempts: s.Attempts, Decisions: s.Decisions,
			Bureau: c.bureau, TaxPrep: c.taxprep, Queue: c.queue, Log: log, Now: now,
		},
		Disbursements: disbursement.New(
			disbursement.Config{FundingAccountRef: cfg.OperatingAccount, SameDay: true},
			s.Tx, s.Applications, s.Disbursements, c.bank,
			disbursement.WithLogger(log), disbursement.WithClock(now),
		),
		Notices: &notices.Service{
			Applications: s.Applications, Customers: s.Customers, Decisions: s.Decisions,
			Notices: s.Notices, Mailer: c.mailer,
			Lender: notices.Lender{Name: "RefundBridge Lending, LLC", Address: "500 Market St, Suite 900, Wilmington, DE 19801"},
			Log:    log, Now: now,
		},
		Commissions: &commission.Service{
			Applications: s.Applications, Partners: s.Partners, Accruals: s.Accruals, Payouts: s.Payouts,
			Bank: c.bank, TaxPrep: c.taxprep, OperatingAccount: cfg.OperatingAccount, Log: log, Now: now,
		},
		Repayments: &repayment.Service{
			Tx: s.Tx, Applications: s.Applications, Deposits: s.Deposits, Repayments: s.Repayments,
			Ledger: s.Ledger, Inbox: s.Inbox, Bank: c.bank, Queue: c.queue, Log: log, Now: now,
		},
	}
	return c, nil
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
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
	defer c.client.Close()

	srv := asynq.NewServer(
		asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword},
		asynq.Config{
			Concurrency:     cfg.WorkerConcurrency,
			Queues:          tasks.Queues,
			RetryDelayFunc:  worker.RetryDelay,
			ShutdownTimeout: 30 * time.Second,
			ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
				retried, _ := asynq.GetRetryCount(ctx)
				maxRetry, _ := asynq.GetMaxRetry(ctx)
				if retried >= maxRetry {
					log.Error("task exhausted retries", "type", t.Type(), "err", err)
				}
			}),
		},
	)
	mux := asynq.NewServeMux()
	worker.Register(mux, c.services, log)
	if err := srv.Run(mux); err != nil {
		log.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
