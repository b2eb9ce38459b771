package consumer

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/vowhall/venues/internal/events"
)

const vendorConfirmationsInbox = "vendors.confirmations"

type VendorEvents interface {
	ApplyConfirmation(ctx context.Context, c events.VendorConfirmation) error
}

type OrderDispatcher interface {
	DispatchOrders(ctx context.Context, bookingID uuid.UUID) error
}

type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

// VendorHandlers consume vendor confirmations.
type VendorHandlers struct {
	vendors VendorEvents
	inbox   Inbox
}

func NewVendorHandlers(vendors VendorEvents, inbox Inbox) *VendorHandlers {
	return &VendorHandlers{vendors: vendors, inbox: inbox}
}

// Confirmation applies a vendor's answer to a purchase order once per
// message.
func (h *VendorHandlers) Confirmation(msg *message.Message) error {
	ctx := msg.Context()
	seen, err := h.inbox.Seen(ctx, vendorConfirmationsInbox, msg.UUID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	conf, err := decode[events.VendorConfirmation](msg)
	if err != nil {
		return err
	}
	if err := h.vendors.ApplyConfirmation(ctx, conf); err != nil {
		return err
	}
	return h.inbox.MarkProcessed(ctx, vendorConfirmationsInbox, msg.UUID)
}

// DispatchHandlers place vendor orders for confirmed bookings.
type DispatchHandlers struct {
	vendors OrderDispatcher
}

func NewDispatchHandlers(vendors OrderDispatcher) *DispatchHandlers {
	return &DispatchHandlers{vendors: vendors}
}

func (h *DispatchHandlers) BookingConfirmed(msg *message.Message) error {
	evt, err := decode[events.BookingConfirmed](msg)
	if err != nil {
		return err
	}
	return h.vendors.DispatchOrders(msg.Context(), evt.BookingID)
}
