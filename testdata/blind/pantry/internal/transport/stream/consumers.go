package stream

import (
	"github.com/pantryco/fulfilment/internal/service/dispatch"
	"github.com/pantryco/fulfilment/internal/service/storeevents"
)

// Table returns the store-event consumers of the fulfilment service.
func Table(store storeevents.Service, disp dispatch.Service) []Consumer {
	return []Consumer{
		{
			Subject: "store.inventory.adjusted",
			Durable: "fulfilment-inventory",
			Handle:  Typed(store.ApplyInventory),
		},
		{
			Subject: "store.order.packed",
			Durable: "fulfilment-store-packed",
			Handle:  Typed(disp.BookForStorePacked),
		},
		{
			Subject: "store.order.collected",
			Durable: "fulfilment-collected",
			Handle:  Typed(store.OrderCollected),
		},
		{
			Subject: "store.slot.closed",
			Durable: "fulfilment-slot-closed",
			Handle:  Typed(store.SlotClosed),
		},
		{
			Subject: "store.substitution.approved",
			Durable: "fulfilment-substitution-approved",
			Handle:  Typed(store.SubstitutionApproved),
		},
		{
			Subject:    "store.order.rejected",
			Durable:    "fulfilment-order-rejected",
			Handle:     WithMessageID(store.OrderRejected),
			FetchBatch: 10,
		},
	}
}
