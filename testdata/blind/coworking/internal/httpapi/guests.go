package httpapi

import (
	"errors"
	"net/http"
	"regexp"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/guests"
	"github.com/deskhive/coworking/internal/httpx"
)

var e164 = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)

type inviteRequest struct {
	GuestName     string     `json:"guest_name"`
	GuestPhone    string     `json:"guest_phone"`
	VisitDate     string     `json:"visit_date"`
	RoomBookingID *uuid.UUID `json:"room_booking_id,omitempty"`
}

func (r *inviteRequest) Validate() error {
	if r.GuestName == "" {
		return errors.New("guest_name is required")
	}
	if !e164.MatchString(r.GuestPhone) {
		return errors.New("guest_phone must be in E.164 format")
	}
	return nil
}

func inviteGuest(svc guests.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		host, err := caller(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req, err := httpx.Bind[inviteRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		day, err := parseDate(req.VisitDate)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		inv, err := svc.Invite(r.Context(), guests.InviteInput{
			HostMemberID:  host,
			RoomBookingID: req.RoomBookingID,
			GuestName:     req.GuestName,
			GuestPhone:    req.GuestPhone,
			VisitDate:     day,
		})
		if errors.Is(err, guests.ErrHostNotFound) {
			httpx.Fail(w, r, httpx.ErrNotFound)
			return
		}
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, inv)
	}
}
