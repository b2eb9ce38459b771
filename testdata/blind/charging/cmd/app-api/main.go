// Command app-api is the mobile app API Lambda (API Gateway proxy).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/api/app"
	"github.com/voltway/charging/internal/emsp"
	"github.com/voltway/charging/internal/faults"
	"github.com/voltway/charging/internal/fleet"
	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/apigw"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/session"
	"github.com/voltway/charging/internal/tariff"
)

func main() {
	deps := bootstrap.Init("app-api")
	sqsClient := deps.SQS()

	stationCommands := queue.NewSQSPublisher(sqsClient, config.Must("STATION_COMMANDS_QUEUE_URL"))
	faultEvents := queue.NewSQSPublisher(sqsClient, config.Must("STATION_FAULTS_QUEUE_URL"))
	roamingJobs := queue.NewSQSPublisher(sqsClient, config.Must("ROAMING_COMMANDS_QUEUE_URL"))

	gateway := payments.NewStripeGateway(config.Must("STRIPE_SECRET_KEY"))
	sessionRepo := session.NewRepo()
	tariffRepo := tariff.NewRepo()

	h := &app.Handlers{
		Sessions: session.NewService(deps.DB, sessionRepo, tariffRepo, gateway,
			session.NewFIFOCommandSender(stationCommands)),
		Disputes: session.NewDisputes(deps.DB, sessionRepo, gateway, int64(config.Int("AUTO_REFUND_MAX_CENTS", 2500))),
		Fleets:   fleet.NewService(deps.DB, fleet.NewRepo(), gateway),
		Faults:   faults.NewReporter(deps.DB, faults.NewRepo(), faultEvents),
		Roaming:  emsp.NewRequester(deps.DB, emsp.NewRepo(), roamingJobs),
	}
	router := apigw.NewRouter(h.Routes())
	lambda.Start(router.Handle)
}
