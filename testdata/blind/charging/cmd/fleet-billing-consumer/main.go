// Command fleet-billing-consumer books fleet session usage (SQS: fleet-billing).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/fleet"
	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/sqsbatch"
)

func main() {
	deps := bootstrap.Init("fleet-billing-consumer")
	svc := fleet.NewService(deps.DB, fleet.NewRepo(), payments.NewStripeGateway(config.Must("STRIPE_SECRET_KEY")))
	lambda.Start(sqsbatch.Handle(consumer.FleetBilling(svc)))
}
