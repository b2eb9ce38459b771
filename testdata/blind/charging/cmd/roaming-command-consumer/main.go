// Command roaming-command-consumer relays our drivers' START_SESSION
// commands to partner CPOs (SQS FIFO: roaming-commands.fifo).
package main

import (
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/emsp"
	"github.com/voltway/charging/internal/partners"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/sqsbatch"
	"github.com/voltway/charging/internal/roaming"
)

func main() {
	deps := bootstrap.Init("roaming-command-consumer")
	client := roaming.NewClient(&http.Client{Timeout: config.Duration("PARTNER_TIMEOUT", 10*time.Second)})
	sender := emsp.NewSender(deps.DB, emsp.NewRepo(), partners.NewRepo(), client,
		config.Must("COMMAND_CALLBACK_BASE_URL"))
	lambda.Start(sqsbatch.Handle(consumer.RoamingCommands(sender)))
}
