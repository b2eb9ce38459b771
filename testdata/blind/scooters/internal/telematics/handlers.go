package telematics

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kickvolt/ridecore/internal/service/telemetry"
)

// HandlerFunc handles one message. A nil error deletes the message from the
// queue; an error leaves it to be redelivered after the visibility timeout.
type HandlerFunc func(ctx context.Context, msg Message) error

// Registry maps an event type to its handler.
type Registry map[string]HandlerFunc

// PermanentError marks a message that will never succeed (bad payload); the
// consumer drops it instead of letting it redeliver forever.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "permanent: " + e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// Decode adapts a typed event handler to a HandlerFunc.
func Decode[T any](fn func(ctx context.Context, ev telemetry.Event[T]) error) HandlerFunc {
	return func(ctx context.Context, msg Message) error {
		var data T
		if err := json.Unmarshal(msg.Envelope.Payload, &data); err != nil {
			return &PermanentError{Err: fmt.Errorf("decode %s payload: %w", msg.Envelope.Type, err)}
		}
		return fn(ctx, telemetry.Event[T]{
			MessageID: msg.ID,
			ScooterID: msg.Envelope.ScooterID,
			EmittedAt: msg.Envelope.EmittedAt,
			Data:      data,
		})
	}
}

// ProcessedLog remembers handled message IDs.
type ProcessedLog interface {
	Seen(ctx context.Context, messageID string) (bool, error)
	Mark(ctx context.Context, messageID, eventType string) error
}

// Dedupe skips messages that were already handled and records the ones it
// handles.
func Dedupe(log ProcessedLog, next HandlerFunc) HandlerFunc {
	return func(ctx context.Context, msg Message) error {
		seen, err := log.Seen(ctx, msg.ID)
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		if err := next(ctx, msg); err != nil {
			return err
		}
		return log.Mark(ctx, msg.ID, msg.Envelope.Type)
	}
}

// NewRegistry wires every telematics event type to the telemetry service.
func NewRegistry(svc *telemetry.Service, processed ProcessedLog) Registry {
	return Registry{
		"heartbeat": Dedupe(processed, Decode(svc.HandleHeartbeat)),
		// Battery reports claim their message ID inside their own transaction.
		"battery_report": Decode(svc.HandleBatteryReport),
		"battery_low":    Decode(svc.HandleBatteryLow),
		"parked":         Decode(svc.HandleParked),
		"crash_detected": Decode(svc.HandleCrash),
		"lock_engaged":   Decode(svc.HandleLockEngaged),
	}
}
