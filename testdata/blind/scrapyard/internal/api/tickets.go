package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/ironbridge-metals/yardops/internal/domain"
	"github.com/ironbridge-metals/yardops/internal/httpx"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
)

type ticketResponse struct {
	ID           string     `json:"id"`
	TicketNo     int64      `json:"ticket_no"`
	YardID       string     `json:"yard_id"`
	SellerID     string     `json:"seller_id"`
	MaterialCode string     `json:"material_code"`
	GrossLb      int32      `json:"gross_lb"`
	TareLb       *int32     `json:"tare_lb,omitempty"`
	NetLb        *int32     `json:"net_lb,omitempty"`
	AmountCents  *int64     `json:"amount_cents,omitempty"`
	Status       string     `json:"status"`
	WeighedAt    *time.Time `json:"weighed_at,omitempty"`
}

func toTicketResponse(t store.WeighTicket) ticketResponse {
	out := ticketResponse{
		ID:           t.ID,
		TicketNo:     t.TicketNo,
		YardID:       t.YardID,
		SellerID:     t.SellerID.String(),
		MaterialCode: t.MaterialCode,
		GrossLb:      t.GrossLb,
		Status:       t.Status,
	}
	if t.TareLb.Valid {
		out.TareLb = &t.TareLb.Int32
	}
	if t.NetLb.Valid {
		out.NetLb = &t.NetLb.Int32
	}
	if t.AmountCents.Valid {
		out.AmountCents = &t.AmountCents.Int64
	}
	if t.WeighedAt.Valid {
		out.WeighedAt = &t.WeighedAt.Time
	}
	return out
}

type createTicketRequest struct {
	SellerID     string `json:"seller_id"`
	ScaleID      string `json:"scale_id"`
	MaterialCode string `json:"material_code"`
	VehiclePlate string `json:"vehicle_plate"`
	GrossLb      int32  `json:"gross_lb"`
}

func createTicket(svc TicketService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		req, err := httpx.Decode[createTicketRequest](r)
		if err != nil {
			return err
		}
		sellerID, ok := parseUUID(req.SellerID)
		if !ok {
			return domain.Invalid("seller_id must be a UUID")
		}
		t, err := svc.CreateTicket(r.Context(), service.CreateTicketInput{
			YardID:       yardFrom(r.Context()),
			SellerID:     sellerID,
			ScaleID:      req.ScaleID,
			MaterialCode: req.MaterialCode,
			VehiclePlate: req.VehiclePlate,
			GrossLb:      req.GrossLb,
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusCreated, toTicketResponse(t))
	}
}

type tareRequest struct {
	TareLb int32 `json:"tare_lb"`
}

func recordTare(svc TicketService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		req, err := httpx.Decode[tareRequest](r)
		if err != nil {
			return err
		}
		t, err := svc.RecordTare(r.Context(), chi.URLParam(r, "ticketID"), req.TareLb)
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, toTicketResponse(t))
	}
}

type voidRequest struct {
	Reason string `json:"reason"`
}

func voidTicket(svc TicketService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		req, err := httpx.Decode[voidRequest](r)
		if err != nil {
			return err
		}
		t, err := svc.VoidTicket(r.Context(), chi.URLParam(r, "ticketID"), req.Reason)
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, toTicketResponse(t))
	}
}

type holdRequest struct {
	Agency       string     `json:"agency"`
	CaseNumber   string     `json:"case_number"`
	OfficerBadge string     `json:"officer_badge"`
	HoldUntil    *time.Time `json:"hold_until"`
}

type holdResponse struct {
	ID         string    `json:"id"`
	TicketID   string    `json:"ticket_id"`
	Agency     string    `json:"agency"`
	CaseNumber string    `json:"case_number"`
	HoldUntil  time.Time `json:"hold_until"`
	Status     string    `json:"status"`
}

func placeHold(svc TicketService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		req, err := httpx.Decode[holdRequest](r)
		if err != nil {
			return err
		}
		h, err := svc.PlaceHold(r.Context(), service.PlaceHoldInput{
			TicketID:     chi.URLParam(r, "ticketID"),
			Agency:       req.Agency,
			CaseNumber:   req.CaseNumber,
			OfficerBadge: req.OfficerBadge,
			HoldUntil:    req.HoldUntil,
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusCreated, holdResponse{
			ID:         h.ID.String(),
			TicketID:   h.TicketID,
			Agency:     h.Agency,
			CaseNumber: h.CaseNumber,
			HoldUntil:  h.HoldUntil,
			Status:     h.Status,
		})
	}
}
