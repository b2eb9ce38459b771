package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// LedgerEntry is an append-only double-entry posting line.
type LedgerEntry struct {
	ent.Schema
}

func (LedgerEntry) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(uuid.New),
		field.UUID("transfer_id", uuid.UUID{}),
		field.String("account"),
		field.Enum("direction").Values("debit", "credit"),
		field.Int64("amount"),
		field.String("currency").MaxLen(3),
		field.String("kind"),
		field.String("memo").Optional(),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (LedgerEntry) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("transfer_id"),
		index.Fields("account", "created_at"),
	}
}
