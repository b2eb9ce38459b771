package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// PickupConfirmation records an agent handing cash to a recipient.
type PickupConfirmation struct {
	ent.Schema
}

func (PickupConfirmation) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(uuid.New),
		field.UUID("transfer_id", uuid.UUID{}),
		field.UUID("payout_id", uuid.UUID{}),
		field.String("agent_id"),
		field.String("location_id"),
		field.String("id_document_ref"),
		field.Int64("amount"),
		field.String("currency").MaxLen(3),
		field.Time("confirmed_at").Default(time.Now).Immutable(),
	}
}

func (PickupConfirmation) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("transfer_id"),
		index.Fields("agent_id", "confirmed_at"),
	}
}
