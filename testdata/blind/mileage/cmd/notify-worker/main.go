// Command notify-worker texts members from the notification queue.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/service/notify"
)

type app struct {
	svc *notify.Service
	log *slog.Logger
}

func newApp(svc *notify.Service, log *slog.Logger) *app {
	return &app{svc: svc, log: log}
}

func main() {
	a, cleanup, err := initApp(context.Background())
	if err != nil {
		slog.Error("init notify-worker", "error", err)
		os.Exit(1)
	}
	defer cleanup()

	router := lambdamw.NewRouter(lambdamw.AttributeType(messaging.TypeAttribute))
	a.svc.Routes(router)
	handler := lambdamw.Chain(
		lambdamw.Batch(
			lambdamw.ChainRecord(router.Dispatch, lambdamw.LogRecord(a.log, "notify"), lambdamw.RecoverRecord(a.log)),
			func(ctx context.Context, msg events.SQSMessage, err error) {
				a.log.WarnContext(ctx, "notification dropped", "message_id", msg.MessageId, "error", err)
			},
		),
		lambdamw.Logging[events.SQSEvent, events.SQSEventResponse](a.log, "notify-worker"),
	)
	lambda.Start(handler)
}
