// Command idle-fee-sweep bills idle fees (EventBridge: rate(5 minutes)).
package main

import (
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/idlefee"
	"github.com/voltway/charging/internal/notify"
	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/ddbstore"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/session"
	"github.com/voltway/charging/internal/sweep"
	"github.com/voltway/charging/internal/tariff"
)

func main() {
	deps := bootstrap.Init("idle-fee-sweep")
	sms := notify.NewEnqueuer(queue.NewSQSPublisher(deps.SQS(), config.Must("DRIVER_SMS_QUEUE_URL")), nil)
	sweeper := idlefee.NewSweeper(deps.DB, session.NewRepo(), tariff.NewRepo(),
		payments.NewStripeGateway(config.Must("STRIPE_SECRET_KEY")), sms)
	leases := ddbstore.NewLeases(deps.DynamoDB(), config.Must("IDEMPOTENCY_TABLE"))
	lambda.Start(sweep.Exclusive(leases, "idle-fee-sweep", 4*time.Minute, sweep.IdleFees(sweeper)))
}
