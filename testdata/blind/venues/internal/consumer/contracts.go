package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/events"
	"github.com/vowhall/venues/internal/provider/esign"
)

type ContractEvents interface {
	RecordCompleted(ctx context.Context, evt esign.Event) (domain.Contract, error)
}

// ContractHandlers consume Inkwell webhook events.
type ContractHandlers struct {
	contracts ContractEvents
	publisher message.Publisher
	now       func() time.Time
}

func NewContractHandlers(contracts ContractEvents, publisher message.Publisher) *ContractHandlers {
	return &ContractHandlers{contracts: contracts, publisher: publisher, now: time.Now}
}

// EnvelopeCompleted records the signature and, for the main agreement,
// announces the confirmed booking so vendor orders go out.
func (h *ContractHandlers) EnvelopeCompleted(msg *message.Message) error {
	evt, err := decode[esign.Event](msg)
	if err != nil {
		return err
	}
	c, err := h.contracts.RecordCompleted(msg.Context(), evt)
	if err != nil {
		return err
	}
	if c.Kind != domain.ContractMain {
		return nil
	}

	payload, err := json.Marshal(events.BookingConfirmed{
		BookingID:   c.BookingID,
		ContractID:  c.ID,
		ConfirmedAt: h.now().UTC(),
	})
	if err != nil {
		return err
	}
	out := message.NewMessage(evt.ID, payload)
	out.SetContext(msg.Context())
	if err := h.publisher.Publish(events.TopicBookingConfirmed, out); err != nil {
		return fmt.Errorf("publish booking confirmed: %w", err)
	}
	return nil
}
