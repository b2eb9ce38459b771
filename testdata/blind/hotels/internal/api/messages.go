package api

import (
	"context"
	"errors"

	"github.com/harbourline/hotels/internal/notifications"
)

// MessagesAPI lets staff contact guests.
type MessagesAPI struct {
	staff notifications.StaffMessenger
}

// NewMessagesAPI returns the handler group.
func NewMessagesAPI(staff notifications.StaffMessenger) *MessagesAPI {
	return &MessagesAPI{staff: staff}
}

type smsRequest struct {
	ReservationID string `param:"id"`
	RequestKey    string `header:"X-Request-Key"`
	StaffID       string `header:"X-Staff-Id"`
	Body          string `json:"body"`
}

func (r *smsRequest) Validate() error {
	if r.RequestKey == "" {
		return errors.New("X-Request-Key header is required")
	}
	if r.Body == "" || len(r.Body) > 640 {
		return errors.New("body must be 1-640 characters")
	}
	return nil
}

type smsResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// SendSMS handles POST /v1/reservations/:id/sms.
func (a *MessagesAPI) SendSMS(ctx context.Context, req smsRequest) (smsResponse, error) {
	r, err := a.staff.SendSMS(ctx, notifications.GuestSMS{
		ReservationID: req.ReservationID, RequestKey: req.RequestKey, Body: req.Body, StaffID: req.StaffID,
	})
	if err != nil {
		return smsResponse{}, err
	}
	return smsResponse{MessageID: r.MessageID, Status: r.Status, Duplicate: r.Duplicate}, nil
}
