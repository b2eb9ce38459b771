package notifications

import (
	"context"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/guests"
	"github.com/harbourline/hotels/internal/providers/sms"
	"github.com/harbourline/hotels/internal/reservations"
)

// GuestSMS is a message typed by front-desk staff.
type GuestSMS struct {
	ReservationID string
	RequestKey    string
	Body          string
	StaffID       string
}

// StaffMessenger lets staff text a guest from the reservation screen.
type StaffMessenger interface {
	SendSMS(ctx context.Context, m GuestSMS) (*sms.Receipt, error)
}

type staffMessenger struct {
	reservations reservations.Reader
	sms          sms.Sender
	log          guests.MessageLog
	refFor       func(m GuestSMS) string
}

// NewStaffMessenger returns the StaffMessenger.
func NewStaffMessenger(res reservations.Reader, s sms.Sender, log guests.MessageLog) StaffMessenger {
	return &staffMessenger{
		reservations: res,
		sms:          s,
		log:          log,
		refFor:       func(m GuestSMS) string { return "staff:" + m.ReservationID + ":" + m.RequestKey },
	}
}

func (s *staffMessenger) SendSMS(ctx context.Context, m GuestSMS) (*sms.Receipt, error) {
	res, err := s.reservations.Get(ctx, m.ReservationID)
	if err != nil {
		return nil, err
	}
	if res.Guest.Phone == "" {
		return nil, domain.ErrInvalid
	}
	ref := s.refFor(m)
	receipt, err := s.sms.Send(ctx, sms.Message{To: res.Guest.Phone, Body: m.Body, ClientRef: ref, Tag: "staff"})
	if err != nil {
		return nil, err
	}
	err = s.log.Record(ctx, ref, guests.Message{
		ReservationID: res.ID, Channel: res.Channel, Direction: "outbound", Medium: "sms",
		From: m.StaffID, Body: m.Body, ProviderID: receipt.MessageID, ExternalRef: ref, Status: "sent",
	})
	return receipt, err
}
