package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// Refund records money returned to the sender's funding source.
type Refund struct {
	ent.Schema
}

func (Refund) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

func (Refund) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(uuid.New),
		field.UUID("transfer_id", uuid.UUID{}),
		field.String("provider_refund_id").Optional(),
		field.Int64("amount"),
		field.String("currency").MaxLen(3),
		field.String("reason"),
		field.Enum("status").Values("pending", "succeeded", "failed").Default("pending"),
	}
}

func (Refund) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("transfer_id"),
	}
}
