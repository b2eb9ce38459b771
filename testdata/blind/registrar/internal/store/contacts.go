package store

import (
	"context"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Contacts struct {
	conn *db.Conn
}

func NewContacts(conn *db.Conn) *Contacts { return &Contacts{conn: conn} }

var contactCols = []string{
	"id", "account_id", "registry_handle", "full_name", "coalesce(organization, '')",
	"email", "phone", "street", "city", "postal_code", "country_code", "created_at",
}

func scanContact(row pgx.Row) (model.Contact, error) {
	var c model.Contact
	err := row.Scan(&c.ID, &c.AccountID, &c.RegistryHandle, &c.FullName, &c.Organization,
		&c.Email, &c.Phone, &c.Street, &c.City, &c.PostalCode, &c.CountryCode, &c.CreatedAt)
	return c, err
}

func (r *Contacts) Insert(ctx context.Context, c model.Contact) error {
	q := db.SB.Insert("contacts").
		Columns("id", "account_id", "registry_handle", "full_name", "organization",
			"email", "phone", "street", "city", "postal_code", "country_code", "created_at").
		Values(c.ID, c.AccountID, c.RegistryHandle, c.FullName, nullable(c.Organization),
			c.Email, c.Phone, c.Street, c.City, c.PostalCode, c.CountryCode, c.CreatedAt)
	if _, err := db.Exec(ctx, r.conn.Q(ctx), q); err != nil {
		return fmt.Errorf("insert contact: %w", err)
	}
	return nil
}

func (r *Contacts) Get(ctx context.Context, accountID, id uuid.UUID) (model.Contact, error) {
	q := db.SB.Select(contactCols...).From("contacts").
		Where(sq.Eq{"id": id, "account_id": accountID})
	return db.Get(ctx, r.conn.Q(ctx), q, scanContact)
}

func (r *Contacts) List(ctx context.Context, accountID uuid.UUID) ([]model.Contact, error) {
	q := db.SB.Select(contactCols...).From("contacts").
		Where(sq.Eq{"account_id": accountID}).OrderBy("created_at")
	return db.Select(ctx, r.conn.Q(ctx), q, scanContact)
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
