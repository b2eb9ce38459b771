// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/sqs/types v1.53.0 for analysistest.
package types

type QueueAttributeName string
type MessageSystemAttributeName string

type MessageAttributeValue struct {
	DataType    *string
	BinaryValue []byte
	StringValue *string
}

type Message struct {
	Attributes             map[string]string
	Body                   *string
	MD5OfBody              *string
	MD5OfMessageAttributes *string
	MessageAttributes      map[string]MessageAttributeValue
	MessageId              *string
	ReceiptHandle          *string
}
