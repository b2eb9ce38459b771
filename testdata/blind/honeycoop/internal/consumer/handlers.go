package consumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/amberfield-labs/honeycoop/internal/service/grading"
	"github.com/amberfield-labs/honeycoop/internal/service/intake"
)

// ScaleHandlers handles the scale.readings topic.
func ScaleHandlers(svc intake.Service) Handlers {
	return Handlers{
		"reading.final": Decode(svc.RecordFinalReading),
		"reading.tare":  Decode(svc.RecordTare),
	}
}

// GradingHandlers handles the grading.events topic. The lab's envelope ID is
// the event's identity; the payload's own event_id is not always filled in
// by older lab terminals.
func GradingHandlers(svc grading.Service) Handlers {
	return Handlers{
		"grade.assigned": func(ctx context.Context, env Envelope) error {
			var ev grading.GradeAssigned
			if err := decodeInto(env, &ev); err != nil {
				return err
			}
			ev.EventID = env.ID
			return svc.AssignGrade(ctx, ev)
		},
		"grade.revised": func(ctx context.Context, env Envelope) error {
			var ev grading.GradeRevised
			if err := decodeInto(env, &ev); err != nil {
				return err
			}
			ev.EventID = env.ID
			return svc.ReviseGrade(ctx, ev)
		},
		"lot.rejected": func(ctx context.Context, env Envelope) error {
			var ev grading.LotRejected
			if err := decodeInto(env, &ev); err != nil {
				return err
			}
			ev.EventID = env.ID
			if ev.RejectedAt.IsZero() {
				ev.RejectedAt = env.OccurredAt
			}
			return svc.RejectLot(ctx, ev)
		},
	}
}

func decodeInto(env Envelope, v any) error {
	if err := json.Unmarshal(env.Data, v); err != nil {
		return fmt.Errorf("%w: decode %s: %v", errPoison, env.Type, err)
	}
	return nil
}
