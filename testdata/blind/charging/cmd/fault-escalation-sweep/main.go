// Command fault-escalation-sweep pages on-call about contractor tickets open
// too long (EventBridge: rate(15 minutes)).
package main

import (
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/faults"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/ddbstore"
	"github.com/voltway/charging/internal/smsgw"
	"github.com/voltway/charging/internal/sweep"
)

func main() {
	deps := bootstrap.Init("fault-escalation-sweep")
	gw := smsgw.New(config.Must("SMS_GATEWAY_URL"), config.Must("SMS_GATEWAY_KEY"), smsgw.WithSender("VoltOps"))
	esc := faults.NewEscalator(deps.DB, faults.NewRepo(), gw, config.Must("ONCALL_PHONE"),
		config.Duration("ESCALATE_AFTER", 24*time.Hour))
	leases := ddbstore.NewLeases(deps.DynamoDB(), config.Must("IDEMPOTENCY_TABLE"))
	lambda.Start(sweep.Exclusive(leases, "fault-escalation", 10*time.Minute, sweep.FaultEscalations(esc)))
}
