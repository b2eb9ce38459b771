// Command capture-consumer settles completed sessions (SQS: session-completed).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/followups"
	"github.com/voltway/charging/internal/notify"
	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/platform/sqsbatch"
	"github.com/voltway/charging/internal/session"
	"github.com/voltway/charging/internal/tariff"
)

func main() {
	deps := bootstrap.Init("capture-consumer")
	sqsClient := deps.SQS()
	smsQueue := notify.NewEnqueuer(queue.NewSQSPublisher(sqsClient, config.Must("DRIVER_SMS_QUEUE_URL")), nil)
	fu := followups.New(
		queue.NewSQSPublisher(sqsClient, config.Must("FLEET_BILLING_QUEUE_URL")),
		queue.NewSQSPublisher(sqsClient, config.Must("CDR_OUTBOUND_QUEUE_URL")),
		smsQueue,
	)
	completer := session.NewCompleter(deps.DB, session.NewRepo(), tariff.NewRepo(),
		payments.NewStripeGateway(config.Must("STRIPE_SECRET_KEY")), fu)
	lambda.Start(sqsbatch.Handle(consumer.Capture(completer)))
}
