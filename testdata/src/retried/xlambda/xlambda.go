// Package xlambda is a Lambda's main: its handler is an adapter of an
// adapter of another package's method.
package xlambda

import (
	"github.com/aws/aws-lambda-go/lambda"

	"retried/xbatch"
	"retried/xbilling"
	"retried/xconsumer"
)

func Main() {
	lambda.Start(xbatch.Handle(xconsumer.Billing(&xbilling.Service{}))) // want `root: Lambda SQS handler Service.Record`
}

// Sweeper's handler is rooted where it is written.
func Sweeper() {
	lambda.Start(xconsumer.Once(xconsumer.Sweep(&xbilling.Service{})))
}
