package adminapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/stagepass/ticketing/internal/events"
	"github.com/stagepass/ticketing/internal/partners"
	"github.com/stagepass/ticketing/internal/payouts"
	"github.com/stagepass/ticketing/internal/tickets"
)

type cancelEventBody struct {
	Reason string `json:"reason"`
}

func (a *API) cancelEvent(w http.ResponseWriter, r *http.Request) {
	var body cancelEventBody
	if err := decode(w, r, &body); err != nil {
		writeErr(w, r, err)
		return
	}
	res, err := a.Events.CancelEvent(r.Context(), events.CancelInput{
		EventID: chi.URLParam(r, "eventID"),
		Reason:  body.Reason,
		Actor:   actorFrom(r.Context()),
	})
	if err != nil {
		writeErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, res)
}

func (a *API) resendTicket(w http.ResponseWriter, r *http.Request) {
	res, err := a.Tickets.Resend(r.Context(), tickets.ResendInput{
		TicketID: chi.URLParam(r, "ticketID"),
		Actor:    actorFrom(r.Context()),
	})
	if err != nil {
		writeErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, res)
}

type createAllocationBody struct {
	EventID string `json:"event_id"`
	Section string `json:"section"`
	Seats   int    `json:"seats"`
}

func (a *API) createAllocation(w http.ResponseWriter, r *http.Request) {
	var body createAllocationBody
	if err := decode(w, r, &body); err != nil {
		writeErr(w, r, err)
		return
	}
	res, err := a.Partners.Allocate(r.Context(), partners.AllocateInput{
		PartnerID: chi.URLParam(r, "partnerID"),
		EventID:   body.EventID,
		Section:   body.Section,
		Seats:     body.Seats,
		Actor:     actorFrom(r.Context()),
	})
	if err != nil {
		writeErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, res)
}

func (a *API) releaseAllocation(w http.ResponseWriter, r *http.Request) {
	res, err := a.Partners.Release(r.Context(), chi.URLParam(r, "partnerID"), chi.URLParam(r, "allocationID"))
	if err != nil {
		writeErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

type startPayoutBody struct {
	Period   string `json:"period"`
	Currency string `json:"currency"`
}

func (a *API) startPayout(w http.ResponseWriter, r *http.Request) {
	var body startPayoutBody
	if err := decode(w, r, &body); err != nil {
		writeErr(w, r, err)
		return
	}
	if body.Currency == "" {
		body.Currency = "gbp"
	}
	res, err := a.Payouts.Start(r.Context(), payouts.StartInput{
		OrganiserID: chi.URLParam(r, "organiserID"),
		Period:      body.Period,
		Currency:    body.Currency,
		Actor:       actorFrom(r.Context()),
	})
	if err != nil {
		writeErr(w, r, err)
		return
	}
	status := http.StatusAccepted
	if res.Existing {
		status = http.StatusOK
	}
	writeJSON(w, status, res)
}
