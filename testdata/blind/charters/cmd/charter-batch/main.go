// Command charter-batch runs one named job and exits. The scheduler starts
// it (Kubernetes CronJob, backoffLimit 3) and starts it again when it
// exits non-zero.
//
//	charter-batch settle-fees
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.uber.org/fx"

	"github.com/saltline-charters/charterhub/internal/app"
	"github.com/saltline-charters/charterhub/internal/events"
	"github.com/saltline-charters/charterhub/internal/jobs"
	"github.com/saltline-charters/charterhub/internal/service"
	"github.com/saltline-charters/charterhub/internal/store"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: charter-batch <job>")
		os.Exit(2)
	}
	name := os.Args[1]

	var runner *jobs.Runner
	a := fx.New(
		app.Core,
		app.Services,
		fx.Provide(
			events.NewClient,
			fx.Annotate(events.NewTopicPublisher, fx.As(new(service.Publisher))),
			fx.Annotate(service.NewOperations, fx.As(new(jobs.Housekeeper))),
			fx.Annotate(func(b *service.Billing) *service.Billing { return b }, fx.As(new(jobs.Settler))),
			fx.Annotate(func(q *store.Queries) *store.Queries { return q }, fx.As(new(jobs.RunLog))),
			jobs.Table,
			jobs.NewRunner,
		),
		fx.NopLogger,
		fx.Populate(&runner),
	)
	if err := a.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "wiring:", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	startCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := a.Start(startCtx); err != nil {
		fmt.Fprintln(os.Stderr, "start:", err)
		os.Exit(1)
	}

	runErr := runner.Run(ctx, name)

	stopCtx, cancelStop := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelStop()
	_ = a.Stop(stopCtx)

	if runErr != nil {
		fmt.Fprintln(os.Stderr, name+":", runErr)
		os.Exit(1)
	}
}
