// Package events defines the domain events exchanged over AMQP and the
// helper that records them in the transactional outbox.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/harbourline/marina/internal/storage"
)

const (
	TopicReservationConfirmed = "marina.reservation.confirmed"
	TopicReservationCancelled = "marina.reservation.cancelled"
	TopicFuelSaleCompleted    = "marina.fuel.sale_completed"
	TopicWorkOrderCompleted   = "marina.workorder.completed"
	TopicPowerSessionBilled   = "marina.power.session_billed"

	// Published by the harbour gate / AIS integration, not by this platform.
	TopicVesselArrived = "harbour.vessel_arrived"
)

// Envelope wraps every event payload.
type Envelope struct {
	EventID    string          `json:"event_id"`
	Topic      string          `json:"topic"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

type ReservationConfirmed struct {
	ReservationID string    `json:"reservation_id"`
	BoaterID      string    `json:"boater_id"`
	BerthID       string    `json:"berth_id"`
	ArriveOn      time.Time `json:"arrive_on"`
	DepartOn      time.Time `json:"depart_on"`
}

type ReservationCancelled struct {
	ReservationID string    `json:"reservation_id"`
	BoaterID      string    `json:"boater_id"`
	BerthID       string    `json:"berth_id"`
	ArriveOn      time.Time `json:"arrive_on"`
	Reason        string    `json:"reason"`
	CancelledBy   string    `json:"cancelled_by"`
}

type FuelSaleCompleted struct {
	SaleID      string    `json:"sale_id"`
	PumpID      string    `json:"pump_id"`
	TicketNo    int64     `json:"ticket_no"`
	Product     string    `json:"product"`
	Litres      float64   `json:"litres"`
	AmountCents int64     `json:"amount_cents"`
	PaymentID   string    `json:"payment_id"`
	SoldAt      time.Time `json:"sold_at"`
}

type WorkOrderCompleted struct {
	WorkOrderID string `json:"work_order_id"`
	BoaterID    string `json:"boater_id"`
	TotalCents  int64  `json:"total_cents"`
	LineCount   int    `json:"line_count"`
}

type PowerSessionBilled struct {
	SessionID   string    `json:"session_id"`
	BoaterID    string    `json:"boater_id"`
	MeterID     string    `json:"meter_id"`
	KWh         float64   `json:"kwh"`
	AmountCents int64     `json:"amount_cents"`
	ClosedAt    time.Time `json:"closed_at"`
}

// VesselArrived is emitted by the harbour gate when a vessel crosses the
// entrance or is checked in by the harbourmaster's launch.
type VesselArrived struct {
	Registration string    `json:"registration"`
	VesselName   string    `json:"vessel_name"`
	SeenAt       time.Time `json:"seen_at"`
	Source       string    `json:"source"` // gate, ais, launch
	LOAMetres    float64   `json:"loa_m"`
}

// Record writes an event to the outbox inside tx.
func Record(ctx context.Context, tx *storage.Tx, topic string, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("encode %s: %w", topic, err)
	}
	env := Envelope{
		EventID:    uuid.NewString(),
		Topic:      topic,
		OccurredAt: time.Now().UTC(),
		Data:       raw,
	}
	body, err := json.Marshal(env)
	if err != nil {
		return err
	}
	return tx.Outbox.Add(ctx, env.EventID, topic, body)
}

// Decode unpacks a message body into its envelope and payload.
func Decode[T any](body []byte) (Envelope, T, error) {
	var env Envelope
	var data T
	if err := json.Unmarshal(body, &env); err != nil {
		return env, data, fmt.Errorf("decode envelope: %w", err)
	}
	if len(env.Data) == 0 {
		// Producers outside the platform publish bare payloads.
		if err := json.Unmarshal(body, &data); err != nil {
			return env, data, fmt.Errorf("decode payload: %w", err)
		}
		return env, data, nil
	}
	if err := json.Unmarshal(env.Data, &data); err != nil {
		return env, data, fmt.Errorf("decode payload: %w", err)
	}
	return env, data, nil
}
