// Command push-consumer sends driver push notifications (SQS: driver-push).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/notify"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/sqsbatch"
	"github.com/voltway/charging/internal/push"
)

func main() {
	deps := bootstrap.Init("push-consumer")
	relay := push.New(config.Must("PUSH_RELAY_URL"), config.Must("PUSH_RELAY_KEY"))
	d := notify.NewPushDispatcher(deps.DB, notify.DriverContacts{}, relay)
	lambda.Start(sqsbatch.Handle(consumer.Push(d)))
}
