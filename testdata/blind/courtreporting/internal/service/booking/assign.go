package booking

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/provider/mailer"
	"github.com/stenoline-legal/depobook/internal/provider/portal"
	"github.com/stenoline-legal/depobook/internal/provider/sms"
	"github.com/stenoline-legal/depobook/internal/service"
)

// AssignReporter offers the booking to the least-loaded reporter in its
// region and texts them the offer. Runs as the booking:assign_reporter task.
func (s *Service) AssignReporter(ctx context.Context, bookingID string) error {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingRequested && b.Status != domain.BookingAssigned {
		s.log.Info("booking no longer needs a reporter",
			zap.String("booking_id", b.ID), zap.String("status", string(b.Status)))
		return nil
	}

	candidate, err := s.reporters.NextAvailable(ctx, b.Region, b.StartsAt)
	if err != nil {
		if errors.Is(err, domain.ErrNoReporter) {
			return fmt.Errorf("booking %s in %s: %w", b.ID, b.Region, err)
		}
		return err
	}

	var offer *domain.Assignment
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		offer, err = s.assignments.Create(ctx, &domain.Assignment{
			ID:         ids.New("asg"),
			BookingID:  b.ID,
			ReporterID: candidate.ID,
			Status:     domain.AssignmentOffered,
		})
		if err != nil {
			return err
		}
		if b.Status == domain.BookingRequested {
			return s.bookings.UpdateStatus(ctx, b.ID, domain.BookingAssigned)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("create offer: %w", err)
	}
	if offer.Status != domain.AssignmentOffered {
		return nil
	}

	reporter := candidate
	if offer.ReporterID != candidate.ID {
		if reporter, err = s.reporters.Get(ctx, offer.ReporterID); err != nil {
			return err
		}
	}

	_, err = s.sms.Send(ctx, sms.Message{
		To:   reporter.Phone,
		Body: offerText(b),
	})
	if err != nil {
		return fmt.Errorf("text offer to reporter %s: %w", reporter.ID, err)
	}
	return nil
}

// AcceptAssignment is the reporter app's "accept" button.
func (s *Service) AcceptAssignment(ctx context.Context, in service.AcceptInput) (*domain.Assignment, error) {
	a, err := s.assignments.Get(ctx, in.AssignmentID)
	if err != nil {
		return nil, err
	}
	if a.ReporterID != in.ReporterID {
		return nil, domain.ErrNotFound
	}
	now := s.now()
	if err := s.confirmAssignment(ctx, a, now); err != nil {
		return nil, err
	}
	a.Status = domain.AssignmentAccepted
	a.AcceptedAt = &now
	return a, nil
}

// confirmAssignment accepts the offer and marks the booking confirmed.
func (s *Service) confirmAssignment(ctx context.Context, a *domain.Assignment, at time.Time) error {
	if err := s.assignments.Accept(ctx, a.ID, at); err != nil {
		return err
	}
	return s.bookings.UpdateStatus(ctx, a.BookingID, domain.BookingConfirmed)
}

// SendConfirmation opens the portal matter for the booking and emails the
// firm its booking confirmation. Runs as the booking:confirm task.
func (s *Service) SendConfirmation(ctx context.Context, bookingID string) error {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	firm, err := s.firms.Get(ctx, b.FirmID)
	if err != nil {
		return err
	}

	if b.PortalMatterID == "" {
		m, err := s.portal.OpenMatter(ctx, portal.MatterRequest{
			ExternalRef: b.ID,
			Caption:     b.CaseCaption,
			Deponent:    b.Deponent,
			FirmName:    firm.Name,
		}, portal.WithIdempotencyKey(ids.Derive("matter", b.ID)))
		if err != nil {
			return fmt.Errorf("open portal matter: %w", err)
		}
		if _, err := s.bookings.SetPortalMatter(ctx, b.ID, m.ID); err != nil {
			return err
		}
	}

	// The confirmation is sent at most once: the stamp is taken before
	// the send, and a failed send is logged for the scheduling desk.
	claimed, err := s.bookings.ClaimConfirmation(ctx, b.ID, s.now())
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	if _, err := s.mailer.Send(ctx, mailer.Email{
		To:      []string{firm.BillingEmail},
		Subject: fmt.Sprintf("Deposition booked: %s", b.CaseCaption),
		Text:    confirmationText(b),
		Tags:    []string{"booking-confirmation"},
	}); err != nil {
		s.log.Error("booking confirmation email failed",
			zap.String("booking_id", b.ID), zap.Error(err))
	}
	return nil
}

func offerText(b *domain.Booking) string {
	rush := ""
	if b.Rush {
		rush = fmt.Sprintf(" RUSH %dd.", b.RushTurnaroundDays)
	}
	return fmt.Sprintf("Stenoline: deposition of %s, %s at %s (%dh).%s Reply YES to accept.",
		b.Deponent, b.StartsAt.Format("Mon Jan 2 3:04PM"), b.Location, b.ExpectedHours, rush)
}

func confirmationText(b *domain.Booking) string {
	return fmt.Sprintf(
		"We have scheduled a court reporter for the deposition of %s in %s.\n\nWhen: %s\nWhere: %s\nReference: %s\n",
		b.Deponent, b.CaseCaption, b.StartsAt.Format(time.RFC1123), b.Location, b.ID)
}
