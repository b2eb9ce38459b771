// Command scheduler runs periodic jobs. It is invoked by Kubernetes
// CronJobs with the job name as its argument:
//
//	scheduler start-renewals   (hourly)
//	scheduler expire-holds     (every minute)
//
// A failed run is retried by the CronJob's backoffLimit.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/app/ticketing"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/logging"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
	"github.com/northgate-museums/visitor-platform/internal/renewal"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

type job func(ctx context.Context, env *jobEnv) error

type jobEnv struct {
	cfg    *config.Config
	logger *zap.Logger
	tx     *database.TxManager
	reg    *metrics.Registry
}

var jobs = map[string]job{
	"start-renewals": startRenewals,
	"expire-holds":   expireHolds,
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: scheduler <job>")
		os.Exit(2)
	}
	j, ok := jobs[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "scheduler: unknown job %q\n", os.Args[1])
		os.Exit(2)
	}
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	logger, err := logging.New(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	db, err := database.Open(cfg, logger)
	if err != nil {
		logger.Fatal("open database", zap.Error(err))
	}
	env := &jobEnv{cfg: cfg, logger: logger.With(zap.String("job", os.Args[1])), tx: database.NewTxManager(db), reg: metrics.NewRegistry()}

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Minute)
	defer cancel()
	if err := j(ctx, env); err != nil {
		env.logger.Error("job failed", zap.Error(err))
		os.Exit(1)
	}
	env.logger.Info("job finished")
}

// startRenewals makes sure every auto-renewing membership expiring in the
// next 30 days has a running renewal workflow.
func startRenewals(ctx context.Context, env *jobEnv) error {
	tc, err := client.Dial(client.Options{HostPort: env.cfg.Temporal.HostPort, Namespace: env.cfg.Temporal.Namespace})
	if err != nil {
		return err
	}
	defer tc.Close()
	starter := renewal.NewStarter(tc, env.cfg)
	members := store.NewMembershipRepo(env.tx)

	horizon := time.Now().Add(30 * 24 * time.Hour)
	after := uuid.Nil
	started := 0
	for {
		batch, err := members.DueForRenewal(ctx, horizon, after, 200)
		if err != nil {
			return err
		}
		if len(batch) == 0 {
			break
		}
		for i := range batch {
			if err := starter.Start(ctx, &batch[i]); err != nil {
				return fmt.Errorf("start renewal for %s: %w", batch[i].ID, err)
			}
			started++
		}
		after = batch[len(batch)-1].ID
	}
	env.logger.Info("renewal workflows ensured", zap.Int("memberships", started))
	return nil
}

// expireHolds releases capacity held by unpaid ticket orders.
func expireHolds(ctx context.Context, env *jobEnv) error {
	h := cqrs.Decorate[ticketing.ExpireHolds](
		ticketing.NewExpireHoldsHandler(env.tx, store.NewSlotRepo(env.tx), store.NewTicketOrderRepo(env.tx), store.NewIntentRepo(env.tx)),
		env.logger, env.reg)
	total := 0
	for {
		var n int
		if err := h.Handle(ctx, ticketing.ExpireHolds{Now: time.Now(), Limit: 500, Expired: &n}); err != nil {
			return err
		}
		total += n
		if n < 500 {
			break
		}
	}
	env.logger.Info("expired holds released", zap.Int("orders", total))
	return nil
}
