package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// Payout is one delivery of funds to the recipient through a payout partner.
// A transfer can have several payouts over its life (reroutes, agent pickup).
type Payout struct {
	ent.Schema
}

func (Payout) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

func (Payout) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}),
		field.UUID("transfer_id", uuid.UUID{}),
		field.String("partner"),
		field.Enum("method").Values("bank_account", "mobile_wallet", "cash_pickup"),
		field.Int64("amount"),
		field.String("currency").MaxLen(3),
		field.Enum("status").Values("pending", "submitted", "paid", "failed", "cancelled").Default("pending"),
		field.String("partner_ref").Optional(),
		field.Int("attempts").Default(0),
		field.String("last_error").Optional(),
	}
}

func (Payout) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("transfer_id"),
		index.Fields("partner", "partner_ref"),
	}
}
