// Command tariff-change-consumer applies tariff versions published by the
// pricing tool (SQS FIFO: tariff-changes.fifo).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/notify"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/platform/sqsbatch"
	"github.com/voltway/charging/internal/tariff"
)

func main() {
	deps := bootstrap.Init("tariff-change-consumer")
	sms := notify.NewEnqueuer(queue.NewSQSPublisher(deps.SQS(), config.Must("DRIVER_SMS_QUEUE_URL")), nil)
	applier := tariff.NewApplier(deps.DB, tariff.NewRepo(), sms)
	lambda.Start(sqsbatch.Handle(consumer.TariffChanges(applier)))
}
