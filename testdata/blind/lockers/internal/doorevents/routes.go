package doorevents

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/quayside/lockers/internal/fleet"
)

func doorEvent(env Envelope, raw []byte) fleet.DoorEvent {
	return fleet.DoorEvent{
		EventID:       env.EventID,
		Type:          env.Type,
		LockerID:      env.LockerID,
		CompartmentID: env.CompartmentID,
		OccurredAt:    env.OccurredAt,
		Raw:           json.RawMessage(raw),
	}
}

// door adapts an EventService method to a Route.
func door(fn func(context.Context, fleet.DoorEvent) error) Route {
	return func(ctx context.Context, env Envelope, raw []byte) error {
		if env.CompartmentID == "" {
			return nil
		}
		return fn(ctx, doorEvent(env, raw))
	}
}

// DoorRoutes maps door topic message types to the fleet service.
func DoorRoutes(svc fleet.EventService) map[string]Route {
	return map[string]Route{
		"parcel.deposited": door(svc.ParcelDeposited),
		"parcel.collected": door(svc.ParcelCollected),
		"door.left_open":   door(svc.DoorLeftOpen),
		"door.closed":      door(svc.DoorClosed),
		"door.forced": func(ctx context.Context, env Envelope, raw []byte) error {
			return svc.DoorForced(ctx, doorEvent(env, raw))
		},
	}
}

type faultData struct {
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

type heartbeatData struct {
	Firmware    string   `json:"firmware"`
	Temperature *float64 `json:"temperature"`
}

// TelemetryRoutes maps telemetry topic message types to the fleet service.
func TelemetryRoutes(svc fleet.EventService) map[string]Route {
	return map[string]Route{
		"compartment.fault": func(ctx context.Context, env Envelope, _ []byte) error {
			var d faultData
			if err := json.Unmarshal(env.Data, &d); err != nil {
				return fmt.Errorf("fault data: %w", err)
			}
			return svc.CompartmentFault(ctx, fleet.Fault{
				EventID:       env.EventID,
				LockerID:      env.LockerID,
				CompartmentID: env.CompartmentID,
				Code:          d.Code,
				Detail:        d.Detail,
				OccurredAt:    env.OccurredAt,
			})
		},
		"heartbeat": func(ctx context.Context, env Envelope, _ []byte) error {
			var d heartbeatData
			if err := json.Unmarshal(env.Data, &d); err != nil {
				return fmt.Errorf("heartbeat data: %w", err)
			}
			return svc.Heartbeat(ctx, fleet.Heartbeat{
				LockerID:    env.LockerID,
				Firmware:    d.Firmware,
				SeenAt:      env.OccurredAt,
				Temperature: d.Temperature,
			})
		},
	}
}
