package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"github.com/google/uuid"
)

// FundingEvent stores provider webhook events that moved a funding intent.
type FundingEvent struct {
	ent.Schema
}

func (FundingEvent) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(uuid.New),
		field.String("provider_event_id").Unique().NotEmpty(),
		field.String("type"),
		field.UUID("transfer_id", uuid.UUID{}).Optional(),
		field.String("provider_ref").Optional(),
		field.Bytes("payload"),
		field.Time("received_at").Default(time.Now).Immutable(),
	}
}
