// Command cdr-billing-consumer bills partner CDRs to our drivers
// (SQS FIFO: cdr-billing.fifo).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/cdr"
	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/sqsbatch"
)

func main() {
	deps := bootstrap.Init("cdr-billing-consumer")
	biller := cdr.NewBiller(deps.DB, cdr.NewRepo(), cdr.PercentMarkup(int64(config.Int("ROAMING_MARKUP_PCT", 12))))
	lambda.Start(sqsbatch.Handle(consumer.CDRBilling(biller)))
}
