package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/wire"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/shedshare/toolsd/internal/config"
	"github.com/shedshare/toolsd/internal/httpapi"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/httpx"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/platform/queue"
	"github.com/shedshare/toolsd/internal/provider/cardpay"
	"github.com/shedshare/toolsd/internal/provider/lockerapi"
	"github.com/shedshare/toolsd/internal/provider/repairnet"
	"github.com/shedshare/toolsd/internal/provider/smsgw"
	"github.com/shedshare/toolsd/internal/service"
	"github.com/shedshare/toolsd/internal/store"
	"github.com/shedshare/toolsd/internal/store/mysqlstore"
	"github.com/shedshare/toolsd/internal/tasks"
	"github.com/shedshare/toolsd/internal/workflow"
)

// platformSet provides logging, time, identifiers and storage.
var platformSet = wire.NewSet(
	provideLogger,
	clock.System,
	ids.NewULIDGenerator,
	ids.NewUUIDGenerator,
	provideDB,
	mysqlstore.New,
	wire.Bind(new(store.Store), new(*mysqlstore.Store)),
	providePolicy,
)

// providerSet provides the third-party API clients.
var providerSet = wire.NewSet(
	provideCardClient,
	wire.Bind(new(service.CardProcessor), new(*cardpay.Client)),
	provideLockerClient,
	wire.Bind(new(service.LockerVendor), new(*lockerapi.Client)),
	provideSMSClient,
	wire.Bind(new(service.SMSSender), new(*smsgw.Client)),
	provideRepairClient,
	wire.Bind(new(service.RepairNetwork), new(*repairnet.Client)),
	provideBranchAddress,
	provideWebhookSecrets,
)

// runtimeSet provides asynq and Temporal plumbing and the servers.
var runtimeSet = wire.NewSet(
	provideRedisOpt,
	provideAsynqClient,
	provideEnqueuer,
	wire.Bind(new(service.TaskQueue), new(*queue.Enqueuer)),
	provideTemporalClient,
	workflow.NewGateway,
	wire.Bind(new(service.LoanWorkflows), new(*workflow.Gateway)),
	provideActivities,
	provideWorker,
	provideTaskHandlers,
	tasks.NewServeMux,
	provideAsynqServer,
	provideScheduler,
	provideHTTPServer,
)

func provideLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func provideDB(ctx context.Context, cfg config.Config) (*sqlx.DB, func(), error) {
	return mysqlstore.Open(ctx, mysqlstore.Options{
		DSN:             cfg.MySQLDSN,
		MaxOpenConns:    cfg.MySQLMaxOpen,
		MaxIdleConns:    cfg.MySQLMaxOpen / 2,
		ConnMaxLifetime: 30 * time.Minute,
	})
}

func providePolicy(cfg config.Config) service.Policy { return cfg.Policy }

func provideCardClient(cfg config.Config, log *slog.Logger) *cardpay.Client {
	return cardpay.New(httpx.NewClient(httpx.Options{Name: "cardpay", Timeout: 15 * time.Second, Logger: log}), cfg.CardPay)
}

func provideLockerClient(cfg config.Config, log *slog.Logger) *lockerapi.Client {
	return lockerapi.New(httpx.NewClient(httpx.Options{Name: "lockerapi", Timeout: 8 * time.Second, RetryMax: 2, Logger: log}), cfg.Locker)
}

func provideSMSClient(cfg config.Config, log *slog.Logger) *smsgw.Client {
	return smsgw.New(httpx.NewClient(httpx.Options{Name: "smsgw", Logger: log}), cfg.SMS)
}

func provideRepairClient(cfg config.Config, log *slog.Logger) *repairnet.Client {
	tokens := cfg.RepairTokens
	return repairnet.New(httpx.NewClient(httpx.Options{Name: "repairnet", Timeout: 20 * time.Second, Logger: log}),
		func(partnerID string) (string, error) {
			tok, ok := tokens[partnerID]
			if !ok {
				return "", fmt.Errorf("no token configured for partner %q", partnerID)
			}
			return tok, nil
		})
}

func provideBranchAddress(cfg config.Config) service.BranchAddress {
	addrs := cfg.BranchAddresses
	return func(branchID string) repairnet.Address { return addrs[branchID] }
}

func provideWebhookSecrets(cfg config.Config) httpapi.WebhookSecrets {
	return httpapi.WebhookSecrets{
		CardPay:        cfg.CardPay.WebhookSecret,
		Locker:         cfg.Locker.WebhookSecret,
		SMSToken:       cfg.SMS.AuthToken,
		SMSCallbackURL: cfg.SMS.StatusCallback,
	}
}

func provideRedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword}
}

func provideAsynqClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

func provideEnqueuer(c *asynq.Client, newID ids.Generator) *queue.Enqueuer {
	return queue.NewEnqueuer(c, newID, tasks.DefaultQueueFor())
}

func provideTemporalClient(cfg config.Config, log *slog.Logger) (client.Client, func(), error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    log.With("component", "temporal"),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("dial temporal: %w", err)
	}
	return c, c.Close, nil
}

func provideActivities(loans service.LoanService, deposits service.DepositService, fees service.FeeService,
	lockers service.LockerService, notices service.NotificationService) *workflow.Activities {
	return &workflow.Activities{Loans: loans, Deposits: deposits, Fees: fees, Lockers: lockers, Notices: notices}
}

func provideWorker(c client.Client, acts *workflow.Activities) worker.Worker {
	w := worker.New(c, workflow.TaskQueue, worker.Options{MaxConcurrentActivityExecutionSize: 20})
	w.RegisterWorkflow(workflow.BorrowReturnWorkflow)
	w.RegisterActivity(acts)
	return w
}

func provideTaskHandlers(notices service.NotificationService, deposits service.DepositService, fees service.FeeService,
	repairs service.RepairService, now clock.Clock, log *slog.Logger, policy service.Policy) *tasks.Handlers {
	return &tasks.Handlers{
		Notices: notices, Deposits: deposits, Fees: fees, Repairs: repairs,
		Now: now, Log: log.With("component", "tasks"), Location: policy.BranchTimezone,
	}
}

func provideAsynqServer(opt asynq.RedisClientOpt, cfg config.Config, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(opt, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			queue.QueueCritical: 6,
			queue.QueueDefault:  3,
			queue.QueueLow:      1,
		},
		ShutdownTimeout: 20 * time.Second,
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			log.ErrorContext(ctx, "task error", "type", t.Type(), "err", err)
		}),
	})
}

func provideScheduler(opt asynq.RedisClientOpt, policy service.Policy) (*asynq.Scheduler, error) {
	s := asynq.NewScheduler(opt, &asynq.SchedulerOpts{Location: policy.BranchTimezone})
	for _, p := range tasks.Periodic() {
		if _, err := s.Register(p.Cron, asynq.NewTask(p.Type, nil), asynq.Queue(queue.QueueLow)); err != nil {
			return nil, fmt.Errorf("schedule %s: %w", p.Type, err)
		}
	}
	return s, nil
}

func provideHTTPServer(cfg config.Config, router *gin.Engine) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
}
