// Command fault-ticket-consumer opens contractor tickets for station faults
// (SQS: station-faults).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/faults"
	"github.com/voltway/charging/internal/maintenance"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/sqsbatch"
)

func main() {
	deps := bootstrap.Init("fault-ticket-consumer")
	contractor := maintenance.New(config.Must("CONTRACTOR_API_URL"),
		config.Must("CONTRACTOR_API_USER"), config.Must("CONTRACTOR_API_PASSWORD"))
	d := faults.NewDispatcher(deps.DB, faults.NewRepo(), contractor)
	lambda.Start(sqsbatch.Handle(consumer.FaultTickets(d)))
}
