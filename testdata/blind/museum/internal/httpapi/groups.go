package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/app/groups"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

type GroupHandlers struct {
	request cqrs.CommandHandler[groups.RequestBooking]
	confirm cqrs.CommandHandler[groups.ConfirmBooking]
}

func NewGroupHandlers(request cqrs.CommandHandler[groups.RequestBooking], confirm cqrs.CommandHandler[groups.ConfirmBooking]) *GroupHandlers {
	return &GroupHandlers{request: request, confirm: confirm}
}

type groupBookingRequest struct {
	Organisation string `json:"organisation"`
	Kind         string `json:"kind"`
	ContactName  string `json:"contact_name"`
	ContactEmail string `json:"contact_email"`
	ContactPhone string `json:"contact_phone"`
	SlotID       int64  `json:"slot_id"`
	Pupils       int    `json:"pupils"`
	Adults       int    `json:"adults"`
	Workshop     string `json:"workshop"`
	Notes        string `json:"notes"`
}

func (h *GroupHandlers) Request(w http.ResponseWriter, r *http.Request) {
	var req groupBookingRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	kind := req.Kind
	if kind == "" {
		kind = "school"
	}
	res := &cqrs.Result{}
	cmd := groups.RequestBooking{
		BookingID:    uuid.New(),
		Organisation: req.Organisation,
		Kind:         kind,
		ContactName:  req.ContactName,
		ContactEmail: req.ContactEmail,
		ContactPhone: req.ContactPhone,
		SlotID:       req.SlotID,
		Pupils:       req.Pupils,
		Adults:       req.Adults,
		Workshop:     req.Workshop,
		Notes:        req.Notes,
		Result:       res,
	}
	if err := h.request.Handle(r.Context(), cmd); err != nil {
		httpx.Error(w, r, err)
		return
	}
	created(w, res)
}

func (h *GroupHandlers) Confirm(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "bookingID"))
	if err != nil {
		httpx.Error(w, r, httpx.ValidationError{Field: "bookingID", Message: "not a valid id"})
		return
	}
	cmd := groups.ConfirmBooking{BookingID: id, ConfirmedBy: r.Header.Get("X-Staff-User")}
	if err := h.confirm.Handle(r.Context(), cmd); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
