// Command redemption-worker books awards and upgrades queued by the member
// API.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/service/redemption"
)

type app struct {
	worker *redemption.Worker
	log    *slog.Logger
}

func newApp(worker *redemption.Worker, log *slog.Logger) *app {
	return &app{worker: worker, log: log}
}

func main() {
	a, cleanup, err := initApp(context.Background())
	if err != nil {
		slog.Error("init redemption-worker", "error", err)
		os.Exit(1)
	}
	defer cleanup()

	router := lambdamw.NewRouter(lambdamw.AttributeType(messaging.TypeAttribute))
	a.worker.Routes(router)
	handler := lambdamw.Chain(
		lambdamw.Batch(
			lambdamw.ChainRecord(router.Dispatch, lambdamw.LogRecord(a.log, "redemption"), lambdamw.RecoverRecord(a.log)),
			nil,
		),
		lambdamw.Logging[events.SQSEvent, events.SQSEventResponse](a.log, "redemption-worker"),
	)
	lambda.Start(handler)
}
