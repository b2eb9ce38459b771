package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// Transfer is one remittance from a sender to a recipient.
type Transfer struct {
	ent.Schema
}

func (Transfer) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

func (Transfer) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}),
		field.String("customer_id").NotEmpty(),
		field.UUID("quote_id", uuid.UUID{}),
		field.String("rate_lock_id"),
		field.UUID("recipient_id", uuid.UUID{}),
		field.String("corridor"),
		field.Enum("payout_method").Values("bank_account", "mobile_wallet", "cash_pickup"),
		field.Int64("send_amount"),
		field.String("send_currency").MaxLen(3),
		field.Int64("receive_amount"),
		field.String("receive_currency").MaxLen(3),
		field.Int64("fee"),
		field.Float("rate"),
		field.Enum("status").
			Values("created", "funding", "funded", "on_hold", "cleared", "paying_out", "paid_out", "collected", "cancelled", "refunded", "failed").
			Default("created"),
		field.String("origin_callback_url").Optional(),
		field.String("pickup_code").Optional().Sensitive(),
		field.String("failure_reason").Optional(),
	}
}

func (Transfer) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("customer_id", "created_at"),
		index.Fields("status"),
	}
}
