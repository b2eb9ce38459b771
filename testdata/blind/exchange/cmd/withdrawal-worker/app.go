package main

import (
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/halyard/funding/internal/config"
	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/provider/custody"
	"github.com/halyard/funding/internal/provider/notify"
	"github.com/halyard/funding/internal/service/execution"
	"github.com/halyard/funding/internal/service/recon"
	"github.com/halyard/funding/internal/store"
	"github.com/halyard/funding/internal/transport/jobs"
)

type workerSet struct {
	workers map[string]*jobs.Worker
	log     *slog.Logger
}

func provideExecutor(st store.Store, b *bank.Client, c *custody.Client, cfg *config.Config, log *slog.Logger) *execution.Executor {
	return execution.New(st, b, c, execution.Config{
		OmnibusAccount: cfg.Bank.OmnibusAccount,
		VaultID:        cfg.Custody.VaultID,
	}, log)
}

func provideRecon(st store.Store, b *bank.Client, ops *notify.OpsChannel, log *slog.Logger) *recon.Service {
	return recon.New(st, b, ops, log)
}

func newWorkerSet(client *sqs.Client, ex *execution.Executor, rc *recon.Service, cfg *config.Config, log *slog.Logger) *workerSet {
	return &workerSet{
		workers: map[string]*jobs.Worker{
			"withdrawals": jobs.NewWorker(client, cfg.SQS.WithdrawalQueueURL, jobs.WithdrawalHandlers(ex),
				cfg.SQS.WaitSeconds, cfg.SQS.VisibilitySeconds, log),
			"ops": jobs.NewWorker(client, cfg.SQS.OpsQueueURL, jobs.OpsHandlers(rc),
				cfg.SQS.WaitSeconds, 900, log),
		},
		log: log,
	}
}
