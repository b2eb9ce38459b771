package worker

import (
	"time"

	"github.com/basketline/grocery/internal/events"
)

// Routes is the table of JetStream subjects this worker consumes.
func Routes(h *Handlers) []Route {
	return []Route{
		{Stream: "PICKING", Subject: events.PickingStarted, Durable: "grocery-picking-started", Handler: Typed(h.PickingStarted)},
		{Stream: "PICKING", Subject: events.PickingItemPicked, Durable: "grocery-picking-item-picked", Handler: Typed(h.ItemPicked), Batch: 50},
		{Stream: "PICKING", Subject: events.PickingSubstituted, Durable: "grocery-picking-substitution", Handler: Typed(h.Substitution)},
		{Stream: "PICKING", Subject: events.PickingItemMissing, Durable: "grocery-picking-item-missing", Handler: Typed(h.ItemMissing)},
		{Stream: "PICKING", Subject: events.PickingCompleted, Durable: "grocery-picking-completed", Handler: Typed(h.PickingCompleted), AckWait: 90 * time.Second},
		{Stream: "PICKING", Subject: events.PickingCancelled, Durable: "grocery-picking-cancelled", Handler: Typed(h.PickingCancelled)},

		{Stream: "DRIVER", Subject: events.DriverAssigned, Durable: "grocery-driver-assigned", Handler: Typed(h.DriverAssigned)},
		{Stream: "DRIVER", Subject: events.DriverHandedOff, Durable: "grocery-driver-handed-off", Handler: Typed(h.DriverHandedOff)},
		{Stream: "DRIVER", Subject: events.DriverDelivered, Durable: "grocery-driver-delivered", Handler: Typed(h.DriverDelivered)},
		{Stream: "DRIVER", Subject: events.DriverFailed, Durable: "grocery-driver-failed", Handler: Typed(h.DriverFailed)},
		{Stream: "DRIVER", Subject: events.DriverReturned, Durable: "grocery-driver-returned", Handler: Typed(h.DriverReturned)},

		{Stream: "PARTNER", Subject: events.PartnerStockDelta, Durable: "grocery-partner-stock-delta", Handler: Typed(h.StockDeltas), MaxDeliver: 50},
	}
}
