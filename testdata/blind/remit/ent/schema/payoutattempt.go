package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// PayoutAttempt is an append-only log of calls made to payout partners.
type PayoutAttempt struct {
	ent.Schema
}

func (PayoutAttempt) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").NotEmpty().Immutable(),
		field.UUID("payout_id", uuid.UUID{}),
		field.String("partner"),
		field.String("outcome"),
		field.String("error").Optional(),
		field.Int("http_status").Optional(),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (PayoutAttempt) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("payout_id", "created_at"),
	}
}
