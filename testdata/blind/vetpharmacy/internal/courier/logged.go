package courier

import (
	"context"
	"errors"
	"time"
)

// CallRecord describes one outbound call, successful or not.
type CallRecord struct {
	Operation  string
	RequestKey string
	StatusCode int
	Duration   time.Duration
	Err        error
}

// Recorder persists a CallRecord. It must not fail the call it describes.
type Recorder func(ctx context.Context, rec CallRecord)

type logged struct {
	next   API
	record Recorder
}

// WithCallLog wraps api so every call, including each retry of the same
// request, leaves a row in the courier call log for support and billing
// disputes with the carrier.
func WithCallLog(api API, record Recorder) API {
	return &logged{next: api, record: record}
}

func (l *logged) CreateShipment(ctx context.Context, req CreateShipmentRequest) (*Shipment, error) {
	start := time.Now()
	s, err := l.next.CreateShipment(ctx, req)
	l.record(ctx, CallRecord{Operation: "create_shipment", RequestKey: req.IdempotencyKey, StatusCode: statusOf(err), Duration: time.Since(start), Err: err})
	return s, err
}

func (l *logged) RescheduleDelivery(ctx context.Context, shipmentID string, req RescheduleRequest) (*Shipment, error) {
	start := time.Now()
	s, err := l.next.RescheduleDelivery(ctx, shipmentID, req)
	l.record(ctx, CallRecord{Operation: "reschedule_delivery", RequestKey: req.IdempotencyKey, StatusCode: statusOf(err), Duration: time.Since(start), Err: err})
	return s, err
}

func statusOf(err error) int {
	if err == nil {
		return 200
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode
	}
	return 0
}
