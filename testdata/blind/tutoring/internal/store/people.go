package store

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
)

// Students reads student profiles.
type Students interface {
	Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Student, error)
}

type pgStudents struct{}

// NewStudents returns the Postgres student repository.
func NewStudents() *pgStudents { return &pgStudents{} }

func (r *pgStudents) Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Student, error) {
	var s domain.Student
	err := q.QueryRow(ctx, `
		SELECT id, email, phone, full_name, stripe_customer_id, default_payment_method, partner_school_id, created_at
		FROM students WHERE id = $1`, id).
		Scan(&s.ID, &s.Email, &s.Phone, &s.FullName, &s.StripeCustomerID, &s.DefaultPaymentMethod, &s.PartnerSchoolID, &s.CreatedAt)
	return s, database.NotFound(err)
}

// Tutors persists tutor profiles and onboarding state.
type Tutors interface {
	Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Tutor, error)
	ByTokenHash(ctx context.Context, q database.Querier, hash string) (uuid.UUID, error)
	SetStripeAccount(ctx context.Context, q database.Querier, id uuid.UUID, accountID string) error
	SetPayoutsEnabled(ctx context.Context, q database.Querier, accountID string, enabled bool) error
	Activate(ctx context.Context, q database.Querier, id uuid.UUID) (bool, error)
	Reject(ctx context.Context, q database.Querier, id uuid.UUID) error
	RecordEvent(ctx context.Context, q database.Querier, id uuid.UUID, event string, detail any) error
}

type pgTutors struct{}

// NewTutors returns the Postgres tutor repository.
func NewTutors() *pgTutors { return &pgTutors{} }

func (r *pgTutors) Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Tutor, error) {
	var t domain.Tutor
	err := q.QueryRow(ctx, `
		SELECT id, email, phone, display_name, country, status, stripe_account_id, payouts_enabled,
		       hourly_rate_cents, recording_enabled, verified_at
		FROM tutors WHERE id = $1`, id).
		Scan(&t.ID, &t.Email, &t.Phone, &t.DisplayName, &t.Country, &t.Status, &t.StripeAccountID, &t.PayoutsEnabled,
			&t.HourlyRateCents, &t.RecordingEnabled, &t.VerifiedAt)
	return t, database.NotFound(err)
}

func (r *pgTutors) ByTokenHash(ctx context.Context, q database.Querier, hash string) (uuid.UUID, error) {
	var id uuid.UUID
	err := q.QueryRow(ctx, `SELECT id FROM tutors WHERE api_token_hash = $1 AND status <> 'suspended'`, hash).Scan(&id)
	return id, database.NotFound(err)
}

func (r *pgTutors) SetStripeAccount(ctx context.Context, q database.Querier, id uuid.UUID, accountID string) error {
	_, err := q.Exec(ctx, `UPDATE tutors SET stripe_account_id = $2 WHERE id = $1`, id, accountID)
	return err
}

func (r *pgTutors) SetPayoutsEnabled(ctx context.Context, q database.Querier, accountID string, enabled bool) error {
	_, err := q.Exec(ctx, `UPDATE tutors SET payouts_enabled = $2 WHERE stripe_account_id = $1`, accountID, enabled)
	return err
}

// Activate moves a tutor out of verification. It reports whether this
// call performed the transition.
func (r *pgTutors) Activate(ctx context.Context, q database.Querier, id uuid.UUID) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE tutors SET status = 'active', verified_at = now()
		WHERE id = $1 AND status = 'pending_verification'`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgTutors) Reject(ctx context.Context, q database.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `UPDATE tutors SET status = 'rejected' WHERE id = $1 AND status = 'pending_verification'`, id)
	return err
}

func (r *pgTutors) RecordEvent(ctx context.Context, q database.Querier, id uuid.UUID, event string, detail any) error {
	b, err := json.Marshal(detail)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `
		INSERT INTO tutor_onboarding_events (tutor_id, event, detail) VALUES ($1, $2, $3)
		ON CONFLICT (tutor_id, event) DO NOTHING`, id, event, b)
	return err
}

// Applications stores tutor applications awaiting review.
type Applications interface {
	Insert(ctx context.Context, q database.Querier, a domain.Application) error
}

type pgApplications struct{}

// NewApplications returns the Postgres application repository.
func NewApplications() *pgApplications { return &pgApplications{} }

func (r *pgApplications) Insert(ctx context.Context, q database.Querier, a domain.Application) error {
	_, err := q.Exec(ctx, `
		INSERT INTO tutor_applications (id, email, full_name, phone, country, subjects, status_token)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		a.ID, a.Email, a.FullName, a.Phone, a.Country, a.Subjects, a.StatusToken)
	return err
}

// PartnerSchool is a school whose students book through us and whose own
// timetable must mirror each booking.
type PartnerSchool struct {
	ID         uuid.UUID
	Name       string
	BookingURL string
	APIToken   string
}

// Partners reads partner schools and the bookings mirrored to them.
type Partners interface {
	School(ctx context.Context, q database.Querier, id uuid.UUID) (PartnerSchool, error)
	BookingRef(ctx context.Context, q database.Querier, lessonID uuid.UUID) (string, bool, error)
	SaveBooking(ctx context.Context, q database.Querier, lessonID, partnerID uuid.UUID, ref string) error
}

type pgPartners struct{}

// NewPartners returns the Postgres partner repository.
func NewPartners() *pgPartners { return &pgPartners{} }

func (r *pgPartners) School(ctx context.Context, q database.Querier, id uuid.UUID) (PartnerSchool, error) {
	var p PartnerSchool
	err := q.QueryRow(ctx, `SELECT id, name, booking_url, api_token FROM partner_schools WHERE id = $1`, id).
		Scan(&p.ID, &p.Name, &p.BookingURL, &p.APIToken)
	return p, database.NotFound(err)
}

func (r *pgPartners) BookingRef(ctx context.Context, q database.Querier, lessonID uuid.UUID) (string, bool, error) {
	var ref string
	err := q.QueryRow(ctx, `SELECT partner_ref FROM partner_bookings WHERE lesson_id = $1`, lessonID).Scan(&ref)
	if err = database.NotFound(err); err == database.ErrNotFound {
		return "", false, nil
	} else if err != nil {
		return "", false, err
	}
	return ref, true, nil
}

func (r *pgPartners) SaveBooking(ctx context.Context, q database.Querier, lessonID, partnerID uuid.UUID, ref string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO partner_bookings (lesson_id, partner_id, partner_ref) VALUES ($1, $2, $3)
		ON CONFLICT (lesson_id) DO UPDATE SET partner_ref = EXCLUDED.partner_ref`, lessonID, partnerID, ref)
	return err
}
