package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// Recipient is a beneficiary saved by a sender.
type Recipient struct {
	ent.Schema
}

func (Recipient) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

func (Recipient) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(uuid.New),
		field.String("customer_id").NotEmpty(),
		field.String("full_name"),
		field.String("phone"),
		field.String("country").MaxLen(2),
		field.Enum("account_type").Values("bank_account", "mobile_wallet", "cash_pickup"),
		field.String("bank_code").Optional(),
		field.String("account_number").Optional().Sensitive(),
		field.String("wallet_provider").Optional(),
		field.String("fingerprint").NotEmpty(),
	}
}

func (Recipient) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("customer_id", "fingerprint").Unique(),
	}
}
