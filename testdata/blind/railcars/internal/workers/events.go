package workers

import (
	"log/slog"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/messaging/kafka"
)

// EventHandlers are the services that react to domain events.
type EventHandlers struct {
	HandleLeaseActivated     kafka.HandlerFunc
	HandleInvoiceIssued      kafka.HandlerFunc
	HandlePaymentReceived    kafka.HandlerFunc
	HandleDemurrageAssessed  kafka.HandlerFunc
	HandleWorkOrderCompleted kafka.HandlerFunc
	HandleMileageReported    kafka.HandlerFunc
	HandleCarPlaced          kafka.HandlerFunc
}

// NewEventRouter registers the domain event handlers.
func NewEventRouter(h EventHandlers, log *slog.Logger) *kafka.Router {
	r := kafka.NewRouter(log)
	r.Use(kafka.Logging(log), kafka.Retry(4, 500*time.Millisecond))
	for typ, fn := range map[string]kafka.HandlerFunc{
		domain.EventLeaseActivated:     h.HandleLeaseActivated,
		domain.EventInvoiceIssued:      h.HandleInvoiceIssued,
		domain.EventPaymentReceived:    h.HandlePaymentReceived,
		domain.EventDemurrageAssessed:  h.HandleDemurrageAssessed,
		domain.EventWorkOrderCompleted: h.HandleWorkOrderCompleted,
		domain.EventMileageReported:    h.HandleMileageReported,
		domain.EventCarPlaced:          h.HandleCarPlaced,
	} {
		if fn == nil {
			continue
		}
		r.Handle(typ, fn)
	}
	return r
}
