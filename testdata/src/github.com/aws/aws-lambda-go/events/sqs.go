// Package events is a stub of github.com/aws/aws-lambda-go/events v1.55.1 for analysistest.
package events

type SQSEvent struct {
	Records []SQSMessage `json:"Records"`
}

type SQSMessage struct {
	MessageId      string            `json:"messageId"`
	ReceiptHandle  string            `json:"receiptHandle"`
	Body           string            `json:"body"`
	Attributes     map[string]string `json:"attributes"`
	EventSourceARN string            `json:"eventSourceARN"`
}

type SQSEventResponse struct {
	BatchItemFailures []SQSBatchItemFailure `json:"batchItemFailures"`
}

type SQSBatchItemFailure struct {
	ItemIdentifier string `json:"itemIdentifier"`
}
