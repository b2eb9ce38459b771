// Package jobs defines the asynq tasks run by the worker, the enqueuer
// used by the api to schedule them, and their handlers.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/learnloop/tutoring/internal/config"
	"github.com/learnloop/tutoring/internal/domain"
)

// Task types.
const (
	TypeLessonReminder = "lesson:reminder"
	TypeVideoProvision = "video:provision"
	TypeReviewRequest  = "review:request"
	TypePayoutBatch    = "payouts:weekly_batch"
	TypeCreditExpiry   = "credits:expire"
	TypeReferralReport = "referral:report_conversion"
)

// ReminderPayload identifies the lesson (and the start time the reminder
// was scheduled for, so stale reminders after a reschedule are skipped).
type ReminderPayload struct {
	LessonID uuid.UUID `json:"lesson_id"`
	StartsAt time.Time `json:"starts_at"`
}

// LessonPayload identifies a lesson.
type LessonPayload struct {
	LessonID uuid.UUID `json:"lesson_id"`
}

// ReferralPayload identifies a referral.
type ReferralPayload struct {
	ReferralID uuid.UUID `json:"referral_id"`
}

// Enqueuer schedules background work.
type Enqueuer interface {
	ScheduleReminder(ctx context.Context, l domain.Lesson) error
	ScheduleVideoProvision(ctx context.Context, l domain.Lesson) error
	ScheduleReviewRequest(ctx context.Context, lessonID uuid.UUID) error
	ReportReferral(ctx context.Context, referralID uuid.UUID) error
}

type asynqEnqueuer struct {
	client *asynq.Client
	cfg    config.Config
}

// NewEnqueuer builds the asynq-backed Enqueuer.
func NewEnqueuer(client *asynq.Client, cfg config.Config) *asynqEnqueuer {
	return &asynqEnqueuer{client: client, cfg: cfg}
}

func (e *asynqEnqueuer) enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = e.client.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

func (e *asynqEnqueuer) ScheduleReminder(ctx context.Context, l domain.Lesson) error {
	at := l.StartsAt.Add(-e.cfg.ReminderLeadTime)
	if at.Before(time.Now()) {
		at = time.Now()
	}
	return e.enqueue(ctx, TypeLessonReminder, ReminderPayload{LessonID: l.ID, StartsAt: l.StartsAt},
		asynq.TaskID(fmt.Sprintf("reminder:%s:%d", l.ID, l.StartsAt.Unix())),
		asynq.ProcessAt(at), asynq.Queue("notifications"))
}

func (e *asynqEnqueuer) ScheduleVideoProvision(ctx context.Context, l domain.Lesson) error {
	return e.enqueue(ctx, TypeVideoProvision, LessonPayload{LessonID: l.ID},
		asynq.TaskID("video:"+l.ID.String()),
		asynq.ProcessAt(l.StartsAt.Add(-e.cfg.VideoProvisionLead)), asynq.MaxRetry(10))
}

func (e *asynqEnqueuer) ScheduleReviewRequest(ctx context.Context, lessonID uuid.UUID) error {
	return e.enqueue(ctx, TypeReviewRequest, LessonPayload{LessonID: lessonID},
		asynq.Unique(24*time.Hour), asynq.ProcessIn(e.cfg.ReviewRequestDelay), asynq.Queue("notifications"))
}

func (e *asynqEnqueuer) ReportReferral(ctx context.Context, referralID uuid.UUID) error {
	return e.enqueue(ctx, TypeReferralReport, ReferralPayload{ReferralID: referralID},
		asynq.TaskID("refconv:"+referralID.String()), asynq.MaxRetry(8))
}
