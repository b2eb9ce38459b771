package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type EnquiryRepo struct{ db *DB }

func NewEnquiryRepo(db *DB) *EnquiryRepo { return &EnquiryRepo{db: db} }

func (r *EnquiryRepo) Insert(ctx context.Context, e domain.Enquiry) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO enquiries (id, customer_id, venue_id, event_date, guest_count, service_style, budget_cents, notes, status, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		e.ID, e.CustomerID, e.VenueID, e.EventDate, e.GuestCount, string(e.Style), e.BudgetCents, e.Notes, string(e.Status), e.CreatedAt)
	return mapErr(err)
}

func (r *EnquiryRepo) Get(ctx context.Context, id uuid.UUID) (domain.Enquiry, error) {
	row := r.db.q(ctx).QueryRow(ctx, `
		SELECT id, customer_id, venue_id, event_date, guest_count, service_style, budget_cents, notes, status, created_at
		  FROM enquiries WHERE id = $1`, id)
	e, err := scanEnquiry(row)
	return e, mapErr(err)
}

func (r *EnquiryRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.EnquiryStatus) error {
	tag, err := r.db.q(ctx).Exec(ctx, `UPDATE enquiries SET status = $2 WHERE id = $1`, id, string(status))
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func scanEnquiry(row pgx.Row) (domain.Enquiry, error) {
	var (
		e      domain.Enquiry
		style  string
		status string
		date   time.Time
	)
	err := row.Scan(&e.ID, &e.CustomerID, &e.VenueID, &date, &e.GuestCount, &style, &e.BudgetCents, &e.Notes, &status, &e.CreatedAt)
	e.EventDate = date
	e.Style = domain.ServiceStyle(style)
	e.Status = domain.EnquiryStatus(status)
	return e, err
}
