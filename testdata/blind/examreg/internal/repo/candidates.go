// Package repo holds the Postgres repositories. Every method resolves its
// connection through dbx.Conn, so a transaction carried in the context is
// used when present.
package repo

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// ErrNotFound is returned when a row does not exist.
var ErrNotFound = errors.New("repo: not found")

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}

// Candidates stores candidate profiles.
type Candidates struct{ db *gorm.DB }

// NewCandidates returns a Candidates repository.
func NewCandidates(db *gorm.DB) *Candidates { return &Candidates{db: db} }

// Get loads a candidate by ID.
func (r *Candidates) Get(ctx context.Context, id string) (*model.Candidate, error) {
	var c model.Candidate
	if err := dbx.Conn(ctx, r.db).First(&c, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// Upsert creates the profile for an email address or updates it in place.
// The returned ID is the stored one, which differs from c.ID when the
// address was already known.
func (r *Candidates) Upsert(ctx context.Context, c *model.Candidate) (string, error) {
	var id string
	err := dbx.Conn(ctx, r.db).Raw(`
		INSERT INTO candidates (id, email, given_name, family_name, phone_e164, date_of_birth,
		                        postal_line1, postal_line2, postal_city, postal_code, country_code)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT ((lower(email))) DO UPDATE SET
		    given_name   = EXCLUDED.given_name,
		    family_name  = EXCLUDED.family_name,
		    phone_e164   = EXCLUDED.phone_e164,
		    date_of_birth = EXCLUDED.date_of_birth,
		    postal_line1 = EXCLUDED.postal_line1,
		    postal_line2 = EXCLUDED.postal_line2,
		    postal_city  = EXCLUDED.postal_city,
		    postal_code  = EXCLUDED.postal_code,
		    country_code = EXCLUDED.country_code,
		    updated_at   = now()
		RETURNING id`,
		c.ID, c.Email, c.GivenName, c.FamilyName, c.PhoneE164, c.DateOfBirth,
		c.PostalLine1, c.PostalLine2, c.PostalCity, c.PostalCode, c.CountryCode,
	).Scan(&id).Error
	return id, err
}
