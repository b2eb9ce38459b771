// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/lambda/types v1.115.0 for analysistest.
package types

type InvocationType string

const (
	InvocationTypeEvent           InvocationType = "Event"
	InvocationTypeRequestResponse InvocationType = "RequestResponse"
	InvocationTypeDryRun          InvocationType = "DryRun"
)

type LogType string

const (
	LogTypeNone LogType = "None"
	LogTypeTail LogType = "Tail"
)
