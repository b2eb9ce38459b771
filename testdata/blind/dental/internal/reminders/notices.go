package reminders

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/jobqueue"
	"github.com/brightsmile-dental/practiceops/internal/providers/sms"
)

// NoticePayload is the sms.notice job payload. NoticeID names the notice
// (e.g. "receipt:<payment id>") and is unique per notice.
type NoticePayload struct {
	NoticeID  string    `json:"notice_id"`
	PatientID uuid.UUID `json:"patient_id"`
	Text      string    `json:"text"`
}

// NoticeEnqueuer queues a patient notice; tx may be nil.
type NoticeEnqueuer func(ctx context.Context, tx *gorm.DB, n NoticePayload) error

// NewNoticeEnqueuer returns the function other services use to queue
// notices.
func NewNoticeEnqueuer(q jobqueue.Enqueuer) NoticeEnqueuer {
	return func(ctx context.Context, tx *gorm.DB, n NoticePayload) error {
		_, err := q.Enqueue(ctx, tx, jobqueue.EnqueueRequest{
			Kind:     KindNotice,
			DedupKey: "notice:" + n.NoticeID,
			Payload:  n,
		})
		return err
	}
}

// NoticeSender handles sms.notice jobs.
type NoticeSender struct {
	patients  *database.Repository[models.Patient]
	practices *database.Repository[models.Practice]
	sms       sms.Sender
}

// NewNoticeSender wires the notice job handler.
func NewNoticeSender(db *gorm.DB, sender sms.Sender) *NoticeSender {
	return &NoticeSender{
		patients:  database.NewRepository[models.Patient](db),
		practices: database.NewRepository[models.Practice](db),
		sms:       sender,
	}
}

// Handle sends one notice.
func (h *NoticeSender) Handle(ctx context.Context, job jobqueue.Job) error {
	var n NoticePayload
	if err := job.Decode(&n); err != nil {
		return fmt.Errorf("%w: %v", jobqueue.ErrPermanent, err)
	}
	patient, err := h.patients.Get(ctx, n.PatientID)
	if err != nil {
		return err
	}
	if !patient.SMSOptIn {
		return nil
	}
	practice, err := h.practices.Get(ctx, patient.PracticeID)
	if err != nil {
		return err
	}
	_, err = h.sms.Send(ctx, sms.Message{
		To:             patient.PhoneE164,
		From:           practice.SMSSender,
		Body:           practice.Name + ": " + n.Text,
		IdempotencyKey: "notice:" + n.NoticeID,
		Tag:            n.NoticeID,
	})
	return err
}
