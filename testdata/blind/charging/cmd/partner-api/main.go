// Command partner-api serves roaming partners' OCPI-style calls.
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/api/partner"
	"github.com/voltway/charging/internal/cdr"
	"github.com/voltway/charging/internal/emsp"
	"github.com/voltway/charging/internal/partners"
	"github.com/voltway/charging/internal/platform/apigw"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/session"
	"github.com/voltway/charging/internal/tariff"
)

func main() {
	deps := bootstrap.Init("partner-api")
	sqsClient := deps.SQS()
	stationCommands := queue.NewSQSPublisher(sqsClient, config.Must("STATION_COMMANDS_QUEUE_URL"))
	cdrBilling := queue.NewSQSPublisher(sqsClient, config.Must("CDR_BILLING_QUEUE_URL"))

	tariffRepo := tariff.NewRepo()
	h := &partner.Handlers{
		DB:       deps.DB,
		Partners: partners.NewRepo(),
		Starter: session.NewRemoteStarter(deps.DB, session.NewRepo(), tariffRepo,
			session.NewFIFOCommandSender(stationCommands)),
		CDRs:     cdr.NewInbox(deps.DB, cdr.NewRepo(), cdrBilling),
		Tariffs:  tariffRepo,
		Sessions: emsp.NewTracker(deps.DB, emsp.NewRepo()),
	}
	router := apigw.NewRouter(h.Routes(), h.Auth)
	lambda.Start(router.Handle)
}
