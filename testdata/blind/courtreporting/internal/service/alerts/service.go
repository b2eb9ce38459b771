// Package alerts implements service.Alerts: SMS notices to a firm's
// scheduling contact when a booking is upgraded to rush.
package alerts

import (
	"context"
	"fmt"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/provider/sms"
	"github.com/stenoline-legal/depobook/internal/queue"
	"github.com/stenoline-legal/depobook/internal/repository"
	"github.com/stenoline-legal/depobook/internal/service"
)

type Params struct {
	fx.In

	Firms    repository.Firms
	Bookings repository.Bookings
	Alerts   repository.Alerts
	SMS      service.SMS
	Log      *zap.Logger
}

type Service struct {
	firms    repository.Firms
	bookings repository.Bookings
	alerts   repository.Alerts
	sms      service.SMS
	log      *zap.Logger
}

var _ service.Alerts = (*Service)(nil)

func New(p Params) *Service {
	return &Service{
		firms:    p.Firms,
		bookings: p.Bookings,
		alerts:   p.Alerts,
		sms:      p.SMS,
		log:      p.Log.Named("alerts"),
	}
}

// SendRushAlert texts the firm's scheduling contact. Every attempt is
// written to alert_attempts so the desk can see what was sent and when.
// Runs as booking:rush_alert.
func (s *Service) SendRushAlert(ctx context.Context, p queue.RushAlertPayload) error {
	b, err := s.bookings.Get(ctx, p.BookingID)
	if err != nil {
		return err
	}
	firm, err := s.firms.Get(ctx, b.FirmID)
	if err != nil {
		return err
	}
	if firm.SMSContact == "" {
		return nil
	}

	attempt := &domain.AlertAttempt{
		ID:        ids.New("ra"),
		BookingID: b.ID,
		Phone:     firm.SMSContact,
		Kind:      "rush",
	}
	sent, sendErr := s.sms.Send(ctx, sms.Message{
		To:        firm.SMSContact,
		Body:      rushText(b, p.TurnaroundDays),
		ClientRef: attempt.ID,
	})
	if sendErr != nil {
		attempt.Status = "failed"
		attempt.Error = sendErr.Error()
	} else {
		attempt.Status = sent.Status
		attempt.ProviderMessageID = sent.ID
	}
	if err := s.alerts.LogAttempt(ctx, attempt); err != nil {
		s.log.Warn("could not log alert attempt", zap.String("booking_id", b.ID), zap.Error(err))
	}
	return sendErr
}

func rushText(b *domain.Booking, days int) string {
	return fmt.Sprintf("Stenoline: RUSH confirmed for %s (%s). Transcript due in %d business day(s); surcharge applies.",
		b.Deponent, b.StartsAt.Format("Jan 2"), days)
}
