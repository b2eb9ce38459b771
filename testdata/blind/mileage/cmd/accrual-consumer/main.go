// Command accrual-consumer credits partner and flight activity from the
// accrual queue.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/service/accrual"
)

type app struct {
	handlers *accrual.Handlers
	log      *slog.Logger
}

func newApp(handlers *accrual.Handlers, log *slog.Logger) *app {
	return &app{handlers: handlers, log: log}
}

func main() {
	a, cleanup, err := initApp(context.Background())
	if err != nil {
		slog.Error("init accrual-consumer", "error", err)
		os.Exit(1)
	}
	defer cleanup()

	router := lambdamw.NewRouter(lambdamw.AttributeType(accrual.PartnerTypeAttribute))
	a.handlers.Routes(router)
	record := lambdamw.ChainRecord(router.Dispatch,
		lambdamw.LogRecord(a.log, "accrual"),
		lambdamw.RecoverRecord(a.log),
	)
	handler := lambdamw.Chain(
		lambdamw.Batch(record, func(ctx context.Context, msg events.SQSMessage, err error) {
			a.log.ErrorContext(ctx, "dropping accrual record", "message_id", msg.MessageId, "error", err)
		}),
		lambdamw.Logging[events.SQSEvent, events.SQSEventResponse](a.log, "accrual-consumer"),
	)
	lambda.Start(handler)
}
