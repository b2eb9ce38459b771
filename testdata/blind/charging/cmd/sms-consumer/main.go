// Command sms-consumer sends driver SMS (SQS: driver-sms).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/voltway/charging/internal/consumer"
	"github.com/voltway/charging/internal/notify"
	"github.com/voltway/charging/internal/platform/bootstrap"
	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/sqsbatch"
	"github.com/voltway/charging/internal/smsgw"
)

func main() {
	deps := bootstrap.Init("sms-consumer")
	gw := smsgw.New(config.Must("SMS_GATEWAY_URL"), config.Must("SMS_GATEWAY_KEY"),
		smsgw.WithSender(config.Get("SMS_SENDER_ID", "Voltway")))
	d := notify.NewSMSDispatcher(deps.DB, notify.DriverContacts{}, gw)
	lambda.Start(sqsbatch.Handle(consumer.SMS(d)))
}
