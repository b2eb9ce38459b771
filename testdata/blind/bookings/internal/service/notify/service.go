// Package notify sends passenger notifications by SMS and e-mail.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/jobs"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/mailer"
	"github.com/meridianrail/bookings/internal/providers/sms"
)

// Templates.
const (
	TplTicketResend = "ticket-resend"
	TplCancelled    = "booking-cancelled"
	TplDisruption   = "trip-disruption"
)

// ErrBookingNotFound is returned for unknown bookings.
var ErrBookingNotFound = errors.New("booking not found")

// SMSSender sends text messages.
type SMSSender interface {
	Send(ctx context.Context, m sms.Message) (*sms.Result, error)
}

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, m mailer.Message) (string, error)
}

// IdempotencyRepository stores caller-supplied keys in the current tx.
type IdempotencyRepository interface {
	Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyRecord, bool, error)
	Attach(ctx context.Context, scope, key, resourceID string) error
	Complete(ctx context.Context, scope, key string, code int, body any) error
}

// Renderer produces SMS text.
type Renderer func(template string, data map[string]string) string

// Service implements notifications.
type Service struct {
	Tx            database.TxManager
	Bookings      database.Store[domain.Booking]
	Notifications database.Store[domain.Notification]
	Tickets       interface {
		ActiveForBooking(ctx context.Context, bookingID string) (*domain.Ticket, error)
	}
	Idem     IdempotencyRepository
	SMS      SMSSender
	Mailer   Mailer
	Enqueuer jobs.Enqueuer
	Render   Renderer
	Log      *slog.Logger
}

// enqueueSMS schedules delivery of a notification. The task id is the
// notification id, so scheduling twice is a no-op.
func (s *Service) enqueueSMS(ctx context.Context, notificationID string) error {
	task, err := jobs.New(jobs.TypeNotifySMS, jobs.NotifySMSPayload{NotificationID: notificationID})
	if err != nil {
		return err
	}
	return jobs.EnqueueUnique(ctx, s.Enqueuer, task, "sms:"+notificationID,
		asynq.Queue(jobs.QueueDefault), asynq.MaxRetry(10))
}

// SendSMS delivers one queued SMS notification. The notification row is
// locked and checked first; its id is the gateway's client_ref, so a retry
// after a lost response is deduplicated by the gateway.
func (s *Service) SendSMS(ctx context.Context, notificationID string) error {
	var (
		n    domain.Notification
		skip bool
	)
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		locked, err := s.Notifications.LockWhere(ctx, "id = ?", notificationID)
		if errors.Is(err, database.ErrNotFound) {
			skip = true
			return nil
		}
		if err != nil {
			return err
		}
		if locked.Status == domain.NotificationSent {
			skip = true
			return nil
		}
		n = *locked
		_, err = s.Notifications.UpdateWhere(ctx,
			map[string]any{"status": domain.NotificationSending, "attempts": n.Attempts + 1},
			"id = ?", n.ID)
		return err
	})
	if err != nil || skip {
		return err
	}

	body, err := s.smsBody(ctx, &n)
	if err != nil {
		return err
	}
	res, err := s.SMS.Send(ctx, sms.Message{To: n.Recipient, Body: body, ClientRef: n.ID})
	if err != nil {
		return fmt.Errorf("send sms %s: %w", n.ID, err)
	}
	now := time.Now().UTC()
	_, err = s.Notifications.UpdateWhere(ctx,
		map[string]any{"status": domain.NotificationSent, "provider_ref": res.MessageID, "sent_at": now},
		"id = ?", n.ID)
	return err
}

func (s *Service) smsBody(ctx context.Context, n *domain.Notification) (string, error) {
	data := map[string]string{"booking_id": n.BookingID}
	if n.Template == TplTicketResend {
		t, err := s.Tickets.ActiveForBooking(ctx, n.BookingID)
		if err != nil {
			return "", fmt.Errorf("ticket for resend: %w", err)
		}
		data["ticket_number"] = t.TicketNumber
		data["pdf_url"] = t.PDFURL
	}
	return s.Render(n.Template, data), nil
}
