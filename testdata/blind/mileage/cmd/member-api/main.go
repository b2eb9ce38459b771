// Command member-api is the Lambda behind the member API Gateway stage.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/northwind-air/mileage/internal/api/memberapi"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
)

type app struct {
	api *memberapi.API
	log *slog.Logger
}

func newApp(api *memberapi.API, log *slog.Logger) *app {
	return &app{api: api, log: log}
}

func main() {
	a, cleanup, err := initApp(context.Background())
	if err != nil {
		slog.Error("init member-api", "error", err)
		os.Exit(1)
	}
	defer cleanup()

	handler := lambdamw.Chain(
		a.api.Router().Serve,
		lambdamw.Logging[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse](a.log, "member-api"),
		lambdamw.Recover[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse](a.log),
	)
	lambda.Start(handler)
}
