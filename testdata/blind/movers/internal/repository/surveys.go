package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type DueReminder struct {
	SurveyID    uuid.UUID
	ScheduledAt time.Time
}

type SurveyRepository interface {
	WithTx(tx *gorm.DB) SurveyRepository
	Create(ctx context.Context, s *domain.Survey) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Survey, error)
	Due(ctx context.Context, from, to time.Time) ([]DueReminder, error)
	EnsureReminder(ctx context.Context, surveyID uuid.UUID, reminder string) (*domain.SurveyReminder, error)
	MarkReminderSent(ctx context.Context, surveyID uuid.UUID, reminder, providerID string) error
}

type surveyRepo struct{ db *gorm.DB }

func NewSurveyRepository(db *gorm.DB) SurveyRepository { return &surveyRepo{db: db} }

func (r *surveyRepo) WithTx(tx *gorm.DB) SurveyRepository { return &surveyRepo{db: tx} }

func (r *surveyRepo) Create(ctx context.Context, s *domain.Survey) error {
	return r.db.WithContext(ctx).Create(s).Error
}

func (r *surveyRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Survey, error) {
	return first[domain.Survey](ctx, r.db, "id = ?", id)
}

func (r *surveyRepo) Due(ctx context.Context, from, to time.Time) ([]DueReminder, error) {
	var out []DueReminder
	err := r.db.WithContext(ctx).Model(&domain.Survey{}).
		Select("id AS survey_id, scheduled_at").
		Where("status = 'scheduled' AND scheduled_at >= ? AND scheduled_at < ?", from, to).
		Order("scheduled_at").Scan(&out).Error
	return out, err
}

func (r *surveyRepo) EnsureReminder(ctx context.Context, surveyID uuid.UUID, reminder string) (*domain.SurveyReminder, error) {
	row := &domain.SurveyReminder{SurveyID: surveyID, Reminder: reminder, Status: "pending"}
	if _, err := insertIgnore(ctx, r.db, row, "survey_id", "reminder"); err != nil {
		return nil, err
	}
	return first[domain.SurveyReminder](ctx, r.db, "survey_id = ? AND reminder = ?", surveyID, reminder)
}

func (r *surveyRepo) MarkReminderSent(ctx context.Context, surveyID uuid.UUID, reminder, providerID string) error {
	return r.db.WithContext(ctx).Model(&domain.SurveyReminder{}).
		Where("survey_id = ? AND reminder = ?", surveyID, reminder).
		Updates(map[string]any{"status": "sent", "provider_id": providerID, "sent_at": time.Now().UTC()}).Error
}
