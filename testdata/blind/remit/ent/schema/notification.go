package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// Notification is an SMS notice sent (or to be sent) to a recipient.
type Notification struct {
	ent.Schema
}

func (Notification) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

func (Notification) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(uuid.New),
		field.UUID("transfer_id", uuid.UUID{}),
		field.String("template"),
		field.String("phone"),
		field.Enum("status").Values("claimed", "sent", "failed").Default("claimed"),
		field.String("provider_message_id").Optional(),
	}
}

func (Notification) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("transfer_id", "template").Unique(),
	}
}
