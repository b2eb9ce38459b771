package consumer

import (
	"context"

	"github.com/segmentio/kafka-go"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/store"
)

// TelemetryHandler stores terminal heartbeats, balance inquiries and error
// reports for the support dashboard, which only shows "last seen" and
// per-hour counts of distinct event types.
func TelemetryHandler(st *store.Store) Handler {
	return HandlerFunc(func(ctx context.Context, m kafka.Message) error {
		ev, err := decode[TerminalEvent](m.Value)
		if err != nil {
			return err
		}
		payload := ev.Data
		if len(payload) == 0 {
			payload = []byte("{}")
		}
		return st.Q().InsertTerminalEvent(ctx, db.InsertTerminalEventParams{
			ID:         ids.New("tev"),
			TerminalID: ev.TerminalID,
			EventType:  ev.Type,
			Payload:    payload,
		})
	})
}
