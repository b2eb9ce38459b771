// Package anpr consumes number-plate camera events from JetStream and turns
// them into garage sessions.
package anpr

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
)

// ErrPoison marks a message that can never be processed; it is terminated
// instead of redelivered.
var ErrPoison = errors.New("anpr: poison message")

// CameraEvent is published by the garage lane controllers.
type CameraEvent struct {
	EventID    string    `json:"event_id"`
	CameraID   string    `json:"camera_id"`
	GarageID   string    `json:"garage_id"`
	Lane       string    `json:"lane"`
	Direction  string    `json:"direction"`
	Plate      string    `json:"plate"`
	Confidence float64   `json:"confidence"`
	CapturedAt time.Time `json:"captured_at"`
}

// PlateCorrection is published by the garage operator console when staff fix a
// misread plate.
type PlateCorrection struct {
	GarageSessionID uuid.UUID `json:"garage_session_id"`
	CorrectedPlate  string    `json:"corrected_plate"`
	Operator        string    `json:"operator"`
}

var sessionNS = uuid.MustParse("7f0c5a2e-1b7e-4c55-9a43-5d1c2f0e9b11")

// garageSessionID derives the session ID from the camera's event ID so that
// a redelivered entry maps to the same row.
func garageSessionID(entryEventID string) uuid.UUID {
	return uuid.NewSHA1(sessionNS, []byte("entry:"+entryEventID))
}

// garageChargeID derives the charge booked for a garage stay.
func garageChargeID(sessionID uuid.UUID) uuid.UUID {
	return uuid.NewSHA1(sessionNS, []byte("charge:"+sessionID.String()))
}

func decodeEvent(msg jetstream.Msg) (*CameraEvent, error) {
	var ev CameraEvent
	if err := json.Unmarshal(msg.Data(), &ev); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPoison, err)
	}
	if ev.EventID == "" {
		ev.EventID = msg.Headers().Get(jetstream.MsgIDHeader)
	}
	if ev.EventID == "" || ev.GarageID == "" || ev.Plate == "" {
		return nil, fmt.Errorf("%w: missing event_id, garage_id or plate", ErrPoison)
	}
	if ev.CapturedAt.IsZero() {
		if md, err := msg.Metadata(); err == nil {
			ev.CapturedAt = md.Timestamp
		}
	}
	ev.CapturedAt = ev.CapturedAt.UTC()
	return &ev, nil
}
