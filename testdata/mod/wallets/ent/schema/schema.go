// Package schema declares the entities ent generates the API in ../ for.
package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Transfer is a movement of money between wallets, unique by the
// caller's idempotency key.
type Transfer struct{ ent.Schema }

func (Transfer) Fields() []ent.Field {
	return []ent.Field{
		field.String("id"),
		field.String("idempotency_key"),
		field.Int64("amount_cents"),
	}
}

func (Transfer) Indexes() []ent.Index {
	return []ent.Index{index.Fields("idempotency_key").Unique()}
}

// Wallet holds a balance.
type Wallet struct{ ent.Schema }

func (Wallet) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("balance_cents"),
		field.String("owner").Unique(),
	}
}
