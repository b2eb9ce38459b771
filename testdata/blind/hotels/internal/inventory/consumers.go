package inventory

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/amqpx"
	"github.com/harbourline/hotels/internal/providers/ota"
)

// Pusher sends availability and rates to every connected OTA whenever the
// inventory of a property changes.
type Pusher struct {
	svc Service
	ota ota.Client
	log *slog.Logger
}

// NewPusher returns the inventory.changed consumer.
func NewPusher(svc Service, client ota.Client, log *slog.Logger) *Pusher {
	return &Pusher{svc: svc, ota: client, log: log}
}

// RegisterConsumers implements amqpx.Registrar.
func (p *Pusher) RegisterConsumers(r *amqpx.Router) {
	r.Handle(domain.EventInventoryChanged, amqpx.JSON(p.onInventoryChanged))
}

func (p *Pusher) onInventoryChanged(ctx context.Context, evt domain.InventoryChanged, d amqpx.Delivery) error {
	from, err := time.Parse(time.DateOnly, evt.From)
	if err != nil {
		return amqpx.PermanentError{Err: err}
	}
	to, err := time.Parse(time.DateOnly, evt.To)
	if err != nil {
		return amqpx.PermanentError{Err: err}
	}
	nights, rates, err := p.svc.Nights(ctx, evt.PropertyID, evt.RoomTypes, from, to)
	if err != nil {
		return err
	}
	upd := buildUpdate(evt.PropertyID, nights, rates)

	// Each push gets its own correlation ID so the OTA's support desk can
	// find the request in their logs.
	corr := xid.New().String()
	ctx = ota.WithCorrelationID(ctx, corr)
	for _, channel := range p.ota.Channels() {
		if err := p.ota.PushAvailability(ctx, channel, upd); err != nil {
			return fmt.Errorf("push %s to %s: %w", evt.PropertyID, channel, err)
		}
	}
	p.log.Info("availability pushed", "property_id", evt.PropertyID, "correlation_id", corr, "message_id", d.MessageID)
	return nil
}

func buildUpdate(propertyID string, nights []RoomNight, rates []RateDay) ota.AvailabilityUpdate {
	rateIdx := map[string]RateDay{}
	for _, r := range rates {
		rateIdx[r.RoomTypeID+"|"+r.StayDate.Format(time.DateOnly)] = r
	}
	upd := ota.AvailabilityUpdate{PropertyID: propertyID, RoomTypes: map[string][]ota.AvailabilityDay{}}
	for _, n := range nights {
		date := n.StayDate.Format(time.DateOnly)
		day := ota.AvailabilityDay{Date: date, Available: n.Available(), StopSell: n.StopSell}
		if r, ok := rateIdx[n.RoomTypeID+"|"+date]; ok {
			day.RateMinor, day.Currency, day.MinStay = r.AmountMinor, r.Currency, r.MinStay
		}
		upd.RoomTypes[n.RoomTypeID] = append(upd.RoomTypes[n.RoomTypeID], day)
	}
	return upd
}
