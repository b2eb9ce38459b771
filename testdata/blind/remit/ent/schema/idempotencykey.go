package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// IdempotencyKey records a caller-supplied key and the response produced for it.
type IdempotencyKey struct {
	ent.Schema
}

func (IdempotencyKey) Fields() []ent.Field {
	return []ent.Field{
		field.String("scope").NotEmpty(),
		field.String("key").NotEmpty(),
		field.String("principal").NotEmpty(),
		field.String("resource_id").Optional(),
		field.Bytes("response").Optional(),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (IdempotencyKey) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("scope", "key").Unique(),
	}
}
