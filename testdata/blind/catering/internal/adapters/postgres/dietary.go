package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type DietaryRepo struct{ db *DB }

func NewDietaryRepo(db *DB) *DietaryRepo { return &DietaryRepo{db: db} }

func (r *DietaryRepo) Insert(ctx context.Context, f domain.DietaryForm) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO dietary_forms (id, event_id, guest_name, guest_email, requirements, allergens, notes, submitted_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		string(f.ID), f.EventID, f.GuestName, f.GuestEmail, f.Requirements, f.Allergens, f.Notes, f.SubmittedAt)
	return mapErr(err)
}

func (r *DietaryRepo) ListForEvent(ctx context.Context, eventID uuid.UUID) ([]domain.DietaryForm, error) {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT id, event_id, guest_name, guest_email, requirements, allergens, notes, submitted_at
		  FROM dietary_forms WHERE event_id = $1 ORDER BY submitted_at`, eventID)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, func(row pgx.Row) (domain.DietaryForm, error) {
		var (
			f  domain.DietaryForm
			id string
		)
		err := row.Scan(&id, &f.EventID, &f.GuestName, &f.GuestEmail, &f.Requirements, &f.Allergens, &f.Notes, &f.SubmittedAt)
		f.ID = domain.DietaryFormID(id)
		return f, err
	})
}
