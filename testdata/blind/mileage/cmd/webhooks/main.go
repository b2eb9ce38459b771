// Command webhooks receives payment, reservation and partner callbacks.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/northwind-air/mileage/internal/api/webhooks"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
)

type app struct {
	receiver *webhooks.Receiver
	log      *slog.Logger
}

func newApp(receiver *webhooks.Receiver, log *slog.Logger) *app {
	return &app{receiver: receiver, log: log}
}

func main() {
	a, cleanup, err := initApp(context.Background())
	if err != nil {
		slog.Error("init webhooks", "error", err)
		os.Exit(1)
	}
	defer cleanup()

	handler := lambdamw.Chain(
		a.receiver.Router().Serve,
		lambdamw.Logging[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse](a.log, "webhooks"),
		lambdamw.Recover[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse](a.log),
	)
	lambda.Start(handler)
}
