package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// ComplianceHold blocks a transfer until an analyst releases or rejects it.
type ComplianceHold struct {
	ent.Schema
}

func (ComplianceHold) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

func (ComplianceHold) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(uuid.New),
		field.UUID("transfer_id", uuid.UUID{}),
		field.String("reason"),
		field.Enum("status").Values("open", "released", "rejected").Default("open"),
		field.String("placed_by"),
		field.String("resolved_by").Optional(),
		field.String("notes").Optional(),
	}
}

func (ComplianceHold) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("transfer_id", "reason").Unique(),
		index.Fields("status"),
	}
}
