// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/eventbridge/types v1.55.11 for analysistest.
package types

import "time"

// PutEventsRequestEntry has no idempotency/dedup field in the real API.
type PutEventsRequestEntry struct {
	Detail       *string
	DetailType   *string
	EventBusName *string
	Resources    []string
	Source       *string
	Time         *time.Time
	TraceHeader  *string
}

type PutEventsResultEntry struct {
	ErrorCode    *string
	ErrorMessage *string
	EventId      *string
}
