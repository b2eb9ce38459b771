package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// Quote is a priced offer for a corridor. Quotes are cheap and expire quickly.
type Quote struct {
	ent.Schema
}

func (Quote) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}),
		field.String("customer_id").NotEmpty(),
		field.String("idempotency_key").NotEmpty(),
		field.String("corridor").NotEmpty(),
		field.String("payout_method"),
		field.Int64("send_amount"),
		field.String("send_currency").MaxLen(3),
		field.Int64("receive_amount"),
		field.String("receive_currency").MaxLen(3),
		field.Int64("fee"),
		field.Float("rate"),
		field.Time("expires_at"),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (Quote) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("customer_id", "idempotency_key").Unique(),
	}
}
