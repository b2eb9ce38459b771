package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Statement is a monthly activity statement for a sender.
type Statement struct {
	ent.Schema
}

func (Statement) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").NotEmpty().Immutable(),
		field.String("customer_id"),
		field.String("period").MaxLen(7),
		field.Int("transfer_count"),
		field.Int64("total_sent"),
		field.Int64("total_fees"),
		field.String("currency").MaxLen(3),
		field.String("document_key"),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (Statement) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("customer_id", "period").Unique(),
	}
}
