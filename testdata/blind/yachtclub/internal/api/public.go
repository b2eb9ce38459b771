package api

import (
	"context"

	"github.com/tidewater-yc/clubhouse/internal/guests"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
)

type publicHandlers struct {
	guests guests.Service
}

type bookGuestBerthReq struct {
	IdempotencyKey string `header:"Idempotency-Key"`
	GuestName      string `json:"guest_name"`
	Email          string `json:"email"`
	Phone          string `json:"phone"`
	BoatName       string `json:"boat_name"`
	BoatLOAFt      int    `json:"boat_loa_ft"`
	ArriveOn       string `json:"arrive_on"`
	DepartOn       string `json:"depart_on"`
}

func (r *bookGuestBerthReq) Validate() error {
	return required("guest_name", r.GuestName, "email", r.Email, "boat_name", r.BoatName,
		"arrive_on", r.ArriveOn, "depart_on", r.DepartOn)
}

func (h *publicHandlers) bookGuestBerth(ctx context.Context, req bookGuestBerthReq) (httpx.Created[*guests.BookingView], error) {
	arrive, err := parseDate("arrive_on", req.ArriveOn)
	if err != nil {
		return httpx.Created[*guests.BookingView]{}, err
	}
	depart, err := parseDate("depart_on", req.DepartOn)
	if err != nil {
		return httpx.Created[*guests.BookingView]{}, err
	}
	v, err := h.guests.Book(ctx, guests.BookingInput{
		IdempotencyKey: req.IdempotencyKey,
		GuestName:      req.GuestName,
		Email:          req.Email,
		Phone:          req.Phone,
		BoatName:       req.BoatName,
		BoatLOAFt:      req.BoatLOAFt,
		ArriveOn:       arrive,
		DepartOn:       depart,
	})
	return httpx.Created[*guests.BookingView]{Value: v}, err
}

type bookingAccessReq struct {
	BookingID string `path:"bookingID"`
	Email     string `json:"email"`
}

func (r *bookingAccessReq) Validate() error { return required("email", r.Email) }

func (h *publicHandlers) createDeposit(ctx context.Context, req bookingAccessReq) (*guests.DepositView, error) {
	return h.guests.CreateDeposit(ctx, req.BookingID, req.Email)
}

func (h *publicHandlers) cancelBooking(ctx context.Context, req bookingAccessReq) (*guests.CancelView, error) {
	return h.guests.Cancel(ctx, req.BookingID, req.Email)
}
