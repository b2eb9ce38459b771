package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
)

type Families struct {
	families store[domain.Family]
	contacts store[domain.Contact]
	messages store[domain.FamilyMessage]
}

func NewFamilies(db *sqlx.DB) *Families {
	return &Families{
		families: newStore[domain.Family](db, "families"),
		contacts: newStore[domain.Contact](db, "family_contacts"),
		messages: newStore[domain.FamilyMessage](db, "family_messages"),
	}
}

func (r *Families) Get(ctx context.Context, id string) (domain.Family, error) {
	return r.families.get(ctx, `SELECT id, name, created_at FROM families WHERE id = $1`, id)
}

func (r *Families) Contacts(ctx context.Context, familyID string) ([]domain.Contact, error) {
	return r.contacts.list(ctx, `
		SELECT id, family_id, name, phone, sms_opt_in
		FROM family_contacts
		WHERE family_id = $1
		ORDER BY name`, familyID)
}

func (r *Families) InsertMessage(ctx context.Context, m domain.FamilyMessage) error {
	return r.messages.insert(ctx, `
		INSERT INTO family_messages (id, family_id, body, sent_by, recipients, sent_at)
		VALUES (:id, :family_id, :body, :sent_by, :recipients, :sent_at)`, m)
}
