package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"github.com/google/uuid"
)

// Screening is the sanctions / AML screening outcome for a transfer.
type Screening struct {
	ent.Schema
}

func (Screening) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}),
		field.UUID("transfer_id", uuid.UUID{}).Unique(),
		field.String("source_message_id"),
		field.Enum("result").Values("clear", "review", "block"),
		field.Float("score"),
		field.Strings("matched_lists").Optional(),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}
