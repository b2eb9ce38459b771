// Command scheduler runs the EventBridge-scheduled jobs: tier review, miles
// expiry, monthly statements, anniversary bonuses and auto top-ups.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/service/schedule"
)

type app struct {
	scheduler *schedule.Scheduler
	log       *slog.Logger
}

func newApp(scheduler *schedule.Scheduler, log *slog.Logger) *app {
	return &app{scheduler: scheduler, log: log}
}

func main() {
	a, cleanup, err := initApp(context.Background())
	if err != nil {
		slog.Error("init scheduler", "error", err)
		os.Exit(1)
	}
	defer cleanup()

	handler := lambdamw.Chain(
		a.scheduler.Handle,
		lambdamw.Logging[events.EventBridgeEvent, struct{}](a.log, "scheduler"),
		lambdamw.Recover[events.EventBridgeEvent, struct{}](a.log),
	)
	lambda.Start(handler)
}
