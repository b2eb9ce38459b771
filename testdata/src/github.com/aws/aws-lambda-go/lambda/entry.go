// Package lambda is a stub of github.com/aws/aws-lambda-go/lambda v1.55.1 for analysistest.
package lambda

type handlerOptions struct{}

type Option func(*handlerOptions)

func Start(handler interface{})                               {}
func StartWithOptions(handler interface{}, options ...Option) {}
