// Package notify turns queued notification rows into email.
package notify

import (
	"context"
	"time"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/platform/queue"
	"github.com/quirecampus/bookloop/internal/provider/messaging"
)

type Store interface {
	Insert(ctx context.Context, n *domain.Notification) error
	Get(ctx context.Context, id string) (*domain.Notification, error)
	MarkSent(ctx context.Context, id, providerID string) error
}

type Outbox interface {
	Add(ctx context.Context, taskType, queue string, payload any) error
}

type Students interface {
	Get(ctx context.Context, id string) (*domain.Student, error)
}

type Mailer interface {
	SendEmail(ctx context.Context, e messaging.Email) (string, error)
}

// Queuer writes a notification and its send task on the caller's
// transaction, so the email goes out only if the change it describes
// commits.
type Queuer struct {
	store  Store
	outbox Outbox
	newID  ids.Generator
}

func NewQueuer(store Store, outbox Outbox) *Queuer {
	return &Queuer{store: store, outbox: outbox, newID: ids.NewULID}
}

func (q *Queuer) Queue(ctx context.Context, studentID, template string, vars map[string]string) error {
	n := &domain.Notification{
		ID:        q.newID(),
		StudentID: studentID,
		Template:  template,
		Vars:      vars,
		Status:    "pending",
	}
	if err := q.store.Insert(ctx, n); err != nil {
		return err
	}
	return q.outbox.Add(ctx, queue.TypeNotifyEmail, queue.QueueDefault, queue.NotificationTask{NotificationID: n.ID})
}

type Service struct {
	store    Store
	students Students
	mail     Mailer
	now      func() time.Time
}

var _ app.Notifier = (*Service)(nil)

func New(store Store, students Students, mail Mailer) *Service {
	return &Service{store: store, students: students, mail: mail, now: time.Now}
}

func (s *Service) SendEmail(ctx context.Context, notificationID string) error {
	n, err := s.store.Get(ctx, notificationID)
	if err != nil {
		return err
	}
	if n.Status == "sent" {
		return nil
	}
	st, err := s.students.Get(ctx, n.StudentID)
	if err != nil {
		return err
	}
	msgID, err := s.mail.SendEmail(ctx, messaging.Email{
		To:       st.Email,
		Template: n.Template,
		Vars:     n.Vars,
		DedupeID: n.ID,
	})
	if err != nil {
		return err
	}
	return s.store.MarkSent(ctx, n.ID, msgID)
}
