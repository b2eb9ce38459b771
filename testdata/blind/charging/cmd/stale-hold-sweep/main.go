// Command stale-hold-sweep releases holds of sessions that never started
// (EventBridge: rate(10 minutes)).
package main

import (
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/session"
	"github.com/voltway/charging/internal/sweep"
)

func main() {
	deps := bootstrap.Init("stale-hold-sweep")
	reaper := session.NewHoldReaper(deps.DB, session.NewRepo(),
		payments.NewStripeGateway(config.Must("STRIPE_SECRET_KEY")),
		config.Duration("HOLD_MAX_AGE", 30*time.Minute))
	lambda.Start(sweep.StaleHolds(reaper))
}
