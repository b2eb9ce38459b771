// Package notify sends lesson reminders and review requests through the
// messaging vendor and applies its delivery receipts.
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/providers/messaging"
	"github.com/learnloop/tutoring/internal/store"
)

// Service sends lesson notifications.
type Service interface {
	// SendReminder sends the pre-lesson reminder. deliveryKey must be
	// stable across retries of the same reminder.
	SendReminder(ctx context.Context, deliveryKey string, lessonID uuid.UUID, scheduledStart time.Time) error
	SendReviewRequest(ctx context.Context, lessonID uuid.UUID) error
	ApplyReceipt(ctx context.Context, r messaging.Receipt, raw json.RawMessage) error
}

type service struct {
	pool     *pgxpool.Pool
	lessons  store.Lessons
	students store.Students
	tutors   store.Tutors
	notes    store.Notifications
	sender   messaging.Sender
	log      *slog.Logger
}

// New builds the notification service.
func New(pool *pgxpool.Pool, lessons store.Lessons, students store.Students, tutors store.Tutors,
	notes store.Notifications, sender messaging.Sender, log *slog.Logger) Service {
	return &service{pool: pool, lessons: lessons, students: students, tutors: tutors, notes: notes, sender: sender, log: log}
}

type channelSend struct {
	channel string
	send    func(ctx context.Context, ref string) (messaging.SendResult, error)
}

func (s *service) SendReminder(ctx context.Context, deliveryKey string, lessonID uuid.UUID, scheduledStart time.Time) error {
	lesson, err := s.lessons.Get(ctx, s.pool, lessonID)
	if err != nil {
		return err
	}
	if lesson.Status != domain.LessonBooked || !lesson.StartsAt.Equal(scheduledStart) {
		return nil // cancelled or rescheduled since the reminder was queued
	}
	student, err := s.students.Get(ctx, s.pool, lesson.StudentID)
	if err != nil {
		return err
	}
	tutor, err := s.tutors.Get(ctx, s.pool, lesson.TutorID)
	if err != nil {
		return err
	}
	when := lesson.StartsAt.Format("Mon Jan 2 at 15:04 MST")

	sends := []channelSend{
		{channel: "email", send: func(ctx context.Context, ref string) (messaging.SendResult, error) {
			return s.sender.SendEmail(ctx, messaging.EmailRequest{
				ClientReference: ref,
				To:              student.Email,
				Template:        "lesson_reminder",
				Variables:       map[string]string{"tutor": tutor.DisplayName, "when": when},
			})
		}},
	}
	if student.Phone != "" {
		sends = append(sends, channelSend{channel: "sms", send: func(ctx context.Context, ref string) (messaging.SendResult, error) {
			return s.sender.SendSMS(ctx, messaging.SMSRequest{
				ClientReference: ref,
				To:              student.Phone,
				Body:            fmt.Sprintf("Reminder: your lesson with %s is %s.", tutor.DisplayName, when),
			})
		}})
	}

	for _, cs := range sends {
		ref := deliveryKey + ":" + cs.channel
		res, err := cs.send(ctx, ref)
		if err != nil {
			return fmt.Errorf("send %s reminder: %w", cs.channel, err)
		}
		if err := s.notes.Upsert(ctx, s.pool, domain.Notification{
			ID: ref, LessonID: &lesson.ID, Kind: "reminder", Channel: cs.channel,
			VendorMessageID: res.MessageID, Status: "sent",
		}); err != nil {
			return err
		}
	}
	return nil
}

func (s *service) SendReviewRequest(ctx context.Context, lessonID uuid.UUID) error {
	lesson, err := s.lessons.Get(ctx, s.pool, lessonID)
	if err != nil {
		return err
	}
	if lesson.Status != domain.LessonCompleted {
		return nil
	}
	noteID := "review-request:" + lesson.ID.String()
	var note domain.Notification
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.notes.Claim(ctx, tx, domain.Notification{
			ID: noteID, LessonID: &lesson.ID, Kind: "review_request", Channel: "email",
		}); err != nil {
			return err
		}
		var err error
		note, err = s.notes.Get(ctx, tx, noteID)
		return err
	})
	if err != nil {
		return err
	}
	if note.Status == "sent" {
		return nil
	}
	student, err := s.students.Get(ctx, s.pool, lesson.StudentID)
	if err != nil {
		return err
	}
	res, err := s.sender.SendEmail(ctx, messaging.EmailRequest{
		ClientReference: note.ID,
		To:              student.Email,
		Template:        "review_request",
		Variables:       map[string]string{"lesson_id": lesson.ID.String()},
	})
	if err != nil {
		return err
	}
	return s.notes.MarkSent(ctx, s.pool, note.ID, res.MessageID)
}

func (s *service) ApplyReceipt(ctx context.Context, r messaging.Receipt, raw json.RawMessage) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.notes.AppendEvent(ctx, tx, uuid.New(), r.MessageID, r.Status, raw); err != nil {
			return err
		}
		return s.notes.UpdateStatusByVendorID(ctx, tx, r.MessageID, r.Status)
	})
}
