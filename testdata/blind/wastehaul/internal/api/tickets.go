package api

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/service/tickets"
)

// TicketHandler serves /v1/weigh-tickets for the yard office.
type TicketHandler struct {
	svc tickets.Service
}

// NewTicketHandler returns the handler group.
func NewTicketHandler(svc tickets.Service) *TicketHandler {
	return &TicketHandler{svc: svc}
}

// Register implements Routes.
func (h *TicketHandler) Register(r chi.Router) {
	r.Route("/v1/weigh-tickets", func(r chi.Router) {
		r.Method(http.MethodPost, "/", httpx.Handler(h.createManual))
		r.Method(http.MethodPost, "/{ticketID}/void", httpx.Handler(h.void))
	})
}

type manualTicketReq tickets.ManualTicket

func (m manualTicketReq) Validate() error {
	switch {
	case m.AccountNumber == "":
		return errors.New("account_number is required")
	case m.LandfillCode == "" || m.Material == "":
		return errors.New("landfill_code and material are required")
	case m.GrossKg <= 0 || m.TareKg <= 0:
		return errors.New("gross_kg and tare_kg must be positive")
	case m.WeighedAt.IsZero():
		return errors.New("weighed_at is required")
	}
	return nil
}

func (h *TicketHandler) createManual(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[manualTicketReq](r)
	if err != nil {
		return err
	}
	in := tickets.ManualTicket(req)
	in.EnteredBy = httpx.Actor(r)
	t, err := h.svc.CreateManual(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusCreated, t)
}

type voidReq struct {
	Reason string `json:"reason"`
}

func (v voidReq) Validate() error {
	if v.Reason == "" {
		return errors.New("reason is required")
	}
	return nil
}

func (h *TicketHandler) void(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[voidReq](r)
	if err != nil {
		return err
	}
	t, err := h.svc.VoidWithCredit(r.Context(), chi.URLParam(r, "ticketID"), req.Reason, httpx.Actor(r))
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusOK, t)
}
