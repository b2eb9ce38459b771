// Command stripe-webhook receives Stripe events (POST /webhooks/stripe).
package main

import (
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/api/stripehook"
	"github.com/voltway/charging/internal/notify"
	"github.com/voltway/charging/internal/platform/apigw"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/ddbstore"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/session"
)

func main() {
	deps := bootstrap.Init("stripe-webhook")
	markers := ddbstore.NewMarkers(deps.DynamoDB(), config.Must("IDEMPOTENCY_TABLE"),
		config.Duration("STRIPE_EVENT_TTL", 7*24*time.Hour))
	pushQueue := queue.NewSQSPublisher(deps.SQS(), config.Must("DRIVER_PUSH_QUEUE_URL"))

	h := stripehook.New(deps.DB, session.NewRepo(), markers, notify.NewEnqueuer(nil, pushQueue),
		config.Must("STRIPE_WEBHOOK_SECRET"))
	router := apigw.NewRouter([]apigw.Route{
		{Method: http.MethodPost, Resource: "/webhooks/stripe", Handler: h.Handle},
	})
	lambda.Start(router.Handle)
}
