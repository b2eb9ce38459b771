// Package dockcmd sends commands to dock controllers over JetStream.
package dockcmd

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
)

// Commander releases bikes from docks.
type Commander interface {
	Unlock(ctx context.Context, dockID string, rideID uuid.UUID) error
}

type JetStreamCommander struct {
	js jetstream.JetStream
}

func NewJetStreamCommander(js jetstream.JetStream) *JetStreamCommander {
	return &JetStreamCommander{js: js}
}

type unlockCommand struct {
	RideID   uuid.UUID `json:"ride_id"`
	DockID   string    `json:"dock_id"`
	IssuedAt time.Time `json:"issued_at"`
	TTL      int       `json:"ttl_seconds"`
}

// Unlock publishes to docks.cmd.<dock>.unlock. The stream's duplicate
// window collapses publishes that carry the same Nats-Msg-Id.
func (c *JetStreamCommander) Unlock(ctx context.Context, dockID string, rideID uuid.UUID) error {
	payload, err := json.Marshal(unlockCommand{
		RideID:   rideID,
		DockID:   dockID,
		IssuedAt: time.Now().UTC(),
		TTL:      60,
	})
	if err != nil {
		return err
	}
	subject := fmt.Sprintf("docks.cmd.%s.unlock", dockID)
	_, err = c.js.Publish(ctx, subject, payload, jetstream.WithMsgID("unlock-"+rideID.String()))
	return err
}

var _ Commander = (*JetStreamCommander)(nil)
