// Package store contains the Postgres repositories.
package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/db"
)

// PeopleRepo reads patients and clinicians.
type PeopleRepo struct {
	db *sqlx.DB
}

func NewPeopleRepo(d *sqlx.DB) *PeopleRepo { return &PeopleRepo{db: d} }

func (r *PeopleRepo) Patient(ctx context.Context, id uuid.UUID) (*domain.Patient, error) {
	p, err := db.GetOne[domain.Patient](ctx, r.db, `SELECT * FROM patients WHERE id = $1`, id)
	return p, mapNotFound(err)
}

func (r *PeopleRepo) Clinician(ctx context.Context, id uuid.UUID) (*domain.Clinician, error) {
	c, err := db.GetOne[domain.Clinician](ctx, r.db, `SELECT * FROM clinicians WHERE id = $1`, id)
	return c, mapNotFound(err)
}

func mapNotFound(err error) error {
	if err == db.ErrNotFound {
		return domain.ErrNotFound
	}
	return err
}
