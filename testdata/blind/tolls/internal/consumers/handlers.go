package consumers

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/segmentio/kafka-go"

	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/service/accounts"
	"github.com/northgate/tolls/internal/service/notify"
	"github.com/northgate/tolls/internal/service/tolling"
	"github.com/northgate/tolls/internal/service/violations"
)

// Handlers holds the services the Kafka handlers call.
type Handlers struct {
	tolling    tolling.Service
	violations violations.Service
	accounts   accounts.Service
	notify     *notify.Service
}

// NewHandlers returns Handlers.
func NewHandlers(t tolling.Service, v violations.Service, a accounts.Service, n *notify.Service) *Handlers {
	return &Handlers{tolling: t, violations: v, accounts: a, notify: n}
}

// Bindings is the topic table.
func Bindings(h *Handlers) []Binding {
	return []Binding{
		{Name: "gantry-reads", Topic: events.TopicGantryReads, Handler: h.GantryRead},
		{Name: "trip-charger", Topic: events.TopicTripsClosed, Handler: h.TripClosed},
		{Name: "plate-reads", Topic: events.TopicPlateReads, Handler: decode(h.violations.FromPlateRead)},
		{Name: "tag-status", Topic: events.TopicTransponderStatus, Handler: h.TagStatus},
		{Name: "trip-receipts", Topic: events.TopicTripsCharged, Handler: decode(h.notify.SendReceipt)},
	}
}

// GantryRead handles tolling.gantry-reads.v1.
func (h *Handlers) GantryRead(ctx context.Context, m kafka.Message) error {
	var r tolling.Read
	if err := json.Unmarshal(m.Value, &r); err != nil {
		return errors.Join(ErrSkip, err)
	}
	if r.GantryID == "" || r.Serial == "" {
		return ErrSkip
	}
	return h.tolling.IngestRead(ctx, r)
}

// TripClosed handles tolling.trips-closed.v1.
func (h *Handlers) TripClosed(ctx context.Context, m kafka.Message) error {
	var e tolling.TripClosed
	if err := json.Unmarshal(m.Value, &e); err != nil {
		return errors.Join(ErrSkip, err)
	}
	return h.tolling.ChargeTrip(ctx, e.TripID)
}

// TagStatus handles interop.transponder-status.v1.
func (h *Handlers) TagStatus(ctx context.Context, m kafka.Message) error {
	var st accounts.TagStatus
	if err := json.Unmarshal(m.Value, &st); err != nil {
		return errors.Join(ErrSkip, err)
	}
	if st.Serial == "" || st.Seq == 0 {
		return ErrSkip
	}
	return h.accounts.ApplyTagStatus(ctx, st)
}
