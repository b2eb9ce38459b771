package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// FundingIntent is the durable record of an attempt to collect funds for a transfer.
type FundingIntent struct {
	ent.Schema
}

func (FundingIntent) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

func (FundingIntent) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}),
		field.UUID("transfer_id", uuid.UUID{}),
		field.Enum("method").Values("card", "bank_debit"),
		field.Int64("amount"),
		field.String("currency").MaxLen(3),
		field.Enum("status").Values("pending", "submitted", "succeeded", "failed").Default("pending"),
		field.String("provider_ref").Optional(),
		field.String("failure_code").Optional(),
	}
}

func (FundingIntent) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("transfer_id", "method").Unique(),
	}
}
