// Package workers adapts queue and topic deliveries to the services.
package workers

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/messaging/sqsq"
)

// MovementApplier applies a normalised movement event.
type MovementApplier interface {
	Apply(ctx context.Context, e domain.MovementEvent) error
}

// carEventV2 is the railroad car event feed format relayed to our queue.
type carEventV2 struct {
	EventID       string `json:"eventId"`
	ReportingRoad string `json:"reportingRoad"`
	EventCode     string `json:"eventCode"`
	Equipment     struct {
		Initial string `json:"initial"`
		Number  string `json:"number"`
	} `json:"equipment"`
	LoadEmpty   string    `json:"loadEmpty"`
	Station     string    `json:"station"`
	EventTime   time.Time `json:"eventTime"`
	Interchange *struct {
		DeliveringRoad string `json:"deliveringRoad"`
		ReceivingRoad  string `json:"receivingRoad"`
		Junction       string `json:"junction"`
	} `json:"interchange,omitempty"`
}

var v2EventCodes = map[string]string{
	"PLCI": domain.MovePlacement,
	"CPLC": domain.MovePlacement,
	"RELS": domain.MoveRelease,
	"PULL": domain.MoveRelease,
	"ICHR": domain.MoveInterchange,
	"ICHD": domain.MoveInterchange,
}

type decoder func(body []byte) (domain.MovementEvent, error)

var decoders = map[string]decoder{
	"car-event-v2": decodeCarEventV2,
	"internal":     decodeInternal,
}

func decodeCarEventV2(body []byte) (domain.MovementEvent, error) {
	var m carEventV2
	if err := json.Unmarshal(body, &m); err != nil {
		return domain.MovementEvent{}, err
	}
	e := domain.MovementEvent{
		EventID:    m.ReportingRoad + ":" + m.EventID,
		Type:       v2EventCodes[m.EventCode],
		CarMark:    strings.TrimSpace(m.Equipment.Initial) + " " + strings.TrimLeft(m.Equipment.Number, "0"),
		Railroad:   m.ReportingRoad,
		Location:   m.Station,
		OccurredAt: m.EventTime.UTC(),
		Loaded:     m.LoadEmpty == "L",
	}
	if m.Interchange != nil {
		e.FromRoad = m.Interchange.DeliveringRoad
		e.ToRoad = m.Interchange.ReceivingRoad
		e.Junction = m.Interchange.Junction
	}
	return e, nil
}

func decodeInternal(body []byte) (domain.MovementEvent, error) {
	var e domain.MovementEvent
	err := json.Unmarshal(body, &e)
	return e, err
}

// MovementHandler returns the SQS handler for the car movement queue.
func MovementHandler(svc MovementApplier) sqsq.Handler {
	return func(ctx context.Context, msg types.Message) error {
		format := "car-event-v2"
		if a, ok := msg.MessageAttributes["format"]; ok && a.StringValue != nil {
			format = *a.StringValue
		}
		decode, ok := decoders[format]
		if !ok {
			return fmt.Errorf("unknown movement format %q", format)
		}
		e, err := decode([]byte(aws.ToString(msg.Body)))
		if err != nil {
			return fmt.Errorf("decode %s movement: %w", format, err)
		}
		if e.Type == "" {
			return nil
		}
		return svc.Apply(ctx, e)
	}
}
