package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// RateLock reserves treasury FX capacity at a quoted rate for a short window.
type RateLock struct {
	ent.Schema
}

func (RateLock) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").NotEmpty().Immutable(),
		field.UUID("quote_id", uuid.UUID{}),
		field.String("customer_id"),
		field.String("corridor"),
		field.Float("rate"),
		field.Int64("send_amount"),
		field.String("send_currency").MaxLen(3),
		field.Enum("status").Values("active", "consumed", "expired", "released").Default("active"),
		field.Time("expires_at"),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (RateLock) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("quote_id"),
		index.Fields("status", "expires_at"),
	}
}
