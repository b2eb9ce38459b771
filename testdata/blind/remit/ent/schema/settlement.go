package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// SettlementFile is a partner's daily settlement report.
type SettlementFile struct {
	ent.Schema
}

func (SettlementFile) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").NotEmpty().Immutable(),
		field.String("partner"),
		field.Time("business_date"),
		field.Enum("status").Values("received", "imported", "reconciled", "closed").Default("received"),
		field.Int("line_count").Default(0),
		field.Int64("net_amount").Default(0),
		field.String("currency").MaxLen(3),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (SettlementFile) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("partner", "business_date"),
	}
}

// SettlementLine is one payout as reported by the partner.
type SettlementLine struct {
	ent.Schema
}

func (SettlementLine) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}),
		field.String("file_id"),
		field.String("partner"),
		field.String("partner_ref"),
		field.Int64("amount"),
		field.Int64("fee"),
		field.String("currency").MaxLen(3),
		field.Enum("status").Values("unmatched", "matched", "mismatched").Default("unmatched"),
	}
}

func (SettlementLine) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("file_id", "partner_ref").Unique(),
	}
}

// SettlementAdjustment is a correcting entry produced by reconciliation.
type SettlementAdjustment struct {
	ent.Schema
}

func (SettlementAdjustment) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}),
		field.String("file_id"),
		field.UUID("line_id", uuid.UUID{}),
		field.UUID("payout_id", uuid.UUID{}).Optional(),
		field.String("kind"),
		field.Int64("amount"),
		field.String("currency").MaxLen(3),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (SettlementAdjustment) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("file_id"),
	}
}
