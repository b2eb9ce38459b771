// Command cdr-outbound-consumer pushes CDRs of partner drivers' sessions to
// their eMSP (SQS FIFO: cdr-outbound.fifo).
package main

import (
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/cdr"
	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/partners"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/sqsbatch"
	"github.com/voltway/charging/internal/roaming"
	"github.com/voltway/charging/internal/session"
)

func main() {
	deps := bootstrap.Init("cdr-outbound-consumer")
	client := roaming.NewClient(&http.Client{Timeout: config.Duration("PARTNER_TIMEOUT", 10*time.Second)})
	outbox := cdr.NewOutbox(deps.DB, session.NewRepo(), partners.NewRepo(), cdr.NewBuilder(), client)
	lambda.Start(sqsbatch.Handle(consumer.CDROutbound(outbox)))
}
