package httpapi

import (
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/bookings"
	"github.com/deskhive/coworking/internal/httpx"
)

func bookingError(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, bookings.ErrDeskTaken), errors.Is(err, bookings.ErrRoomTaken):
		httpx.Fail(w, r, httpx.Errorf(http.StatusConflict, "unavailable", "%v", err))
	case errors.Is(err, bookings.ErrKeyConflict):
		httpx.Fail(w, r, httpx.Errorf(http.StatusConflict, "idempotency_conflict", "%v", err))
	case errors.Is(err, bookings.ErrOverCapacity):
		httpx.Fail(w, r, httpx.Errorf(http.StatusUnprocessableEntity, "over_capacity", "%v", err))
	case errors.Is(err, bookings.ErrNotFound):
		httpx.Fail(w, r, httpx.ErrNotFound)
	default:
		httpx.Fail(w, r, err)
	}
}

type deskRequest struct {
	DeskID uuid.UUID `json:"desk_id"`
	Date   string    `json:"date"`
}

func bookDesk(svc bookings.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		member, err := caller(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req, err := httpx.Bind[deskRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		day, err := parseDate(req.Date)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		b, err := svc.BookDesk(r.Context(), bookings.DeskInput{MemberID: member, DeskID: req.DeskID, Date: day})
		if err != nil {
			bookingError(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, b)
	}
}

type roomRequest struct {
	RoomID    uuid.UUID `json:"room_id"`
	StartsAt  time.Time `json:"starts_at"`
	EndsAt    time.Time `json:"ends_at"`
	Attendees int32     `json:"attendees"`
	Catering  bool      `json:"catering"`
}

func (r *roomRequest) Validate() error {
	if !r.EndsAt.After(r.StartsAt) {
		return errors.New("ends_at must be after starts_at")
	}
	if r.EndsAt.Sub(r.StartsAt) > 10*time.Hour {
		return errors.New("bookings are limited to 10 hours")
	}
	if r.Attendees < 1 {
		r.Attendees = 1
	}
	return nil
}

func bookRoom(svc bookings.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		member, err := caller(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		key, err := httpx.RequireIdempotencyKey(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req, err := httpx.Bind[roomRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		res, err := svc.BookRoom(r.Context(), bookings.RoomInput{
			IdempotencyKey: key,
			MemberID:       member,
			RoomID:         req.RoomID,
			StartsAt:       req.StartsAt,
			EndsAt:         req.EndsAt,
			Attendees:      req.Attendees,
			Catering:       req.Catering,
		})
		if err != nil {
			bookingError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(res.Status)
		_, _ = w.Write(res.Body)
	}
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func cancelRoom(svc bookings.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		member, err := caller(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		id, err := pathUUID(r, "bookingID")
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		var req cancelRequest
		if r.ContentLength > 0 {
			if req, err = httpx.Bind[cancelRequest](r); err != nil {
				httpx.Fail(w, r, err)
				return
			}
		}
		b, err := svc.CancelRoom(r.Context(), id, member, req.Reason)
		if err != nil {
			bookingError(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, b)
	}
}
