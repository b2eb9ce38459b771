// Command cdr-reconcile-sweep pulls partner CDRs the push channel missed
// (EventBridge: rate(1 hour)).
package main

import (
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/cdr"
	"github.com/voltway/charging/internal/partners"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/roaming"
	"github.com/voltway/charging/internal/sweep"
)

func main() {
	deps := bootstrap.Init("cdr-reconcile-sweep")
	repo := cdr.NewRepo()
	inbox := cdr.NewInbox(deps.DB, repo,
		queue.NewSQSPublisher(deps.SQS(), config.Must("CDR_BILLING_QUEUE_URL")))
	client := roaming.NewClient(&http.Client{Timeout: 20 * time.Second})
	r := cdr.NewReconciler(deps.DB, repo, inbox, client, config.Duration("CDR_LOOKBACK", 72*time.Hour))
	lambda.Start(sweep.CDRReconcile(deps.DB, partners.NewRepo(), r))
}
