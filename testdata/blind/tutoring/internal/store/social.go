package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
)

// Reviews persists student reviews of lessons.
type Reviews interface {
	Insert(ctx context.Context, q database.Querier, r domain.Review) error
	BumpStats(ctx context.Context, q database.Querier, tutorID uuid.UUID, rating int) error
}

type pgReviews struct{}

// NewReviews returns the Postgres review repository.
func NewReviews() *pgReviews { return &pgReviews{} }

func (r *pgReviews) Insert(ctx context.Context, q database.Querier, rv domain.Review) error {
	_, err := q.Exec(ctx, `
		INSERT INTO reviews (id, lesson_id, student_id, tutor_id, rating, body)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		rv.ID, rv.LessonID, rv.StudentID, rv.TutorID, rv.Rating, rv.Body)
	return err
}

func (r *pgReviews) BumpStats(ctx context.Context, q database.Querier, tutorID uuid.UUID, rating int) error {
	_, err := q.Exec(ctx, `
		INSERT INTO tutor_rating_stats (tutor_id, review_count, rating_sum) VALUES ($1, 1, $2)
		ON CONFLICT (tutor_id) DO UPDATE
		SET review_count = tutor_rating_stats.review_count + 1,
		    rating_sum = tutor_rating_stats.rating_sum + EXCLUDED.rating_sum`, tutorID, rating)
	return err
}

// ReferralCode is a student's shareable code.
type ReferralCode struct {
	Code            string
	OwnerID         uuid.UUID
	MaxUses         int
	Uses            int
	RefereeCredits  int
	ReferrerCredits int
}

// Referrals persists referral codes, redemptions and bonuses.
type Referrals interface {
	Code(ctx context.Context, q database.Querier, code string) (ReferralCode, error)
	UseCode(ctx context.Context, q database.Querier, code string) error
	Insert(ctx context.Context, q database.Querier, r domain.Referral) error
	Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Referral, error)
	PendingForReferee(ctx context.Context, q database.Querier, refereeID uuid.UUID) (domain.Referral, bool, error)
	Qualify(ctx context.Context, q database.Querier, id uuid.UUID) (bool, error)
	RecordBonus(ctx context.Context, q database.Querier, referralID, ledgerEntryID uuid.UUID, credits int) (bool, error)
	MarkReported(ctx context.Context, q database.Querier, id uuid.UUID) error
}

type pgReferrals struct{}

// NewReferrals returns the Postgres referral repository.
func NewReferrals() *pgReferrals { return &pgReferrals{} }

func (r *pgReferrals) Code(ctx context.Context, q database.Querier, code string) (ReferralCode, error) {
	var c ReferralCode
	err := q.QueryRow(ctx, `
		SELECT code, owner_student_id, max_uses, uses, referee_credits, referrer_credits
		FROM referral_codes WHERE code = $1`, code).
		Scan(&c.Code, &c.OwnerID, &c.MaxUses, &c.Uses, &c.RefereeCredits, &c.ReferrerCredits)
	return c, database.NotFound(err)
}

func (r *pgReferrals) UseCode(ctx context.Context, q database.Querier, code string) error {
	tag, err := q.Exec(ctx, `UPDATE referral_codes SET uses = uses + 1 WHERE code = $1 AND uses < max_uses`, code)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrConflict
	}
	return nil
}

func (r *pgReferrals) Insert(ctx context.Context, q database.Querier, rf domain.Referral) error {
	_, err := q.Exec(ctx, `
		INSERT INTO referrals (id, code, referrer_id, referee_id, click_id, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')`, rf.ID, rf.Code, rf.ReferrerID, rf.RefereeID, rf.ClickID)
	return err
}

const referralColumns = `id, code, referrer_id, referee_id, click_id, status, qualified_at, reported_at, created_at`

func scanReferral(row pgx.Row) (domain.Referral, error) {
	var rf domain.Referral
	err := row.Scan(&rf.ID, &rf.Code, &rf.ReferrerID, &rf.RefereeID, &rf.ClickID, &rf.Status, &rf.QualifiedAt, &rf.ReportedAt, &rf.CreatedAt)
	return rf, database.NotFound(err)
}

func (r *pgReferrals) Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Referral, error) {
	return scanReferral(q.QueryRow(ctx, `SELECT `+referralColumns+` FROM referrals WHERE id = $1`, id))
}

func (r *pgReferrals) PendingForReferee(ctx context.Context, q database.Querier, refereeID uuid.UUID) (domain.Referral, bool, error) {
	rf, err := scanReferral(q.QueryRow(ctx, `SELECT `+referralColumns+` FROM referrals
		WHERE referee_id = $1 AND status = 'pending' ORDER BY created_at LIMIT 1`, refereeID))
	if err == database.ErrNotFound {
		return domain.Referral{}, false, nil
	}
	return rf, err == nil, err
}

func (r *pgReferrals) Qualify(ctx context.Context, q database.Querier, id uuid.UUID) (bool, error) {
	tag, err := q.Exec(ctx, `UPDATE referrals SET status = 'qualified', qualified_at = now() WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgReferrals) RecordBonus(ctx context.Context, q database.Querier, referralID, ledgerEntryID uuid.UUID, credits int) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO referral_bonuses (referral_id, ledger_entry_id, credits) VALUES ($1, $2, $3)
		ON CONFLICT (referral_id) DO NOTHING`, referralID, ledgerEntryID, credits)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgReferrals) MarkReported(ctx context.Context, q database.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `UPDATE referrals SET reported_at = now() WHERE id = $1`, id)
	return err
}
