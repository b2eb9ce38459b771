// Command invoice-sweep issues monthly fleet invoices
// (EventBridge: cron(0 2 1 * ? *)).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/fleet"
	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/sweep"
)

func main() {
	deps := bootstrap.Init("invoice-sweep")
	svc := fleet.NewService(deps.DB, fleet.NewRepo(), payments.NewStripeGateway(config.Must("STRIPE_SECRET_KEY")))
	lambda.Start(sweep.MonthlyInvoices(svc))
}
