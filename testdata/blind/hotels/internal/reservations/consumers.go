package reservations

import (
	"context"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/amqpx"
	"github.com/harbourline/hotels/internal/platform/logx"
)

// Importer stores bookings found by the OTA pull poller.
type Importer struct {
	svc Service
}

// NewImporter returns the ota.reservation.imported consumer.
func NewImporter(svc Service) *Importer { return &Importer{svc: svc} }

// RegisterConsumers implements amqpx.Registrar.
func (i *Importer) RegisterConsumers(r *amqpx.Router) {
	r.Handle(domain.EventReservationImported, amqpx.JSON(i.onImported))
}

func (i *Importer) onImported(ctx context.Context, evt domain.ImportedReservation, d amqpx.Delivery) error {
	if evt.Channel == "" || evt.ChannelRef == "" {
		return amqpx.PermanentError{Err: domain.ErrInvalid}
	}
	r, err := i.svc.ImportChannelBooking(ctx, ChannelBooking{
		Channel:    evt.Channel,
		ChannelRef: evt.ChannelRef,
		Stay:       evt.Stay,
		Guest:      evt.Guest,
		Total:      evt.Total,
	})
	if err != nil {
		return err
	}
	logx.From(ctx).Info("reservation imported", "reservation_id", r.ID, "channel", r.Channel, "channel_ref", r.ChannelRef)
	return nil
}
